import { cachedFor } from '../cache';
import { CONTENT, type Invalidations } from '../cache-tags';
import type { ProductCard } from '../catalog/listing/card';
import type { ContentLink, ContentPage, FaqItem, LandingPage, LandingSelection, LandingWithProducts } from './content';
import type { Company } from './company';
import { contentFacts, type DeliveryPrices, fillFacts } from './facts';

/** How many products a landing page shows. */
const LANDING_PRODUCTS = 24;

export interface ContentRepository {
  /** A published page by its address. */
  page(url: string): Promise<ContentPage | null>;
  /** The published pages, by menu group and sort. */
  links(): Promise<(ContentLink & { updatedAt: Date })[]>;
  faq(): Promise<FaqItem[]>;
  /** A published landing page by its address. */
  landing(url: string): Promise<LandingPage | null>;
  landings(): Promise<{ url: string; title: string; updatedAt: Date }[]>;
  /** The products a selection picks that can be bought online, one colour per model. */
  products(selection: LandingSelection, limit: number): Promise<ProductCard[]>;
}

export interface FaqTopic {
  topic: string;
  items: FaqItem[];
}

export interface ContentService {
  /** A published page with its facts filled in; null when there is none. */
  page(url: string): Promise<ContentPage | null>;
  /** The FAQ's questions by topic (in the order of their first question), answers with their facts filled in. */
  faq(): Promise<FaqTopic[]>;
  landing(url: string): Promise<LandingWithProducts | null>;
  /** The information menu and the sitemap's pages. */
  links(): Promise<(ContentLink & { updatedAt: Date })[]>;
  landings(): Promise<{ url: string; title: string; updatedAt: Date }[]>;
  /** The requisites and the hot line the footer and the contacts page show (settings COMPANY_*, HOTLINE_PHONE). */
  company: Company;
}

/**
 * The information pages, the FAQ and the landing pages. The numbers in their texts come from the rules that apply
 * them (`contentFacts`), with the delivery prices checkout reads.
 */
export function createContentService(deps: {
  repo: ContentRepository;
  deliveryPrices: () => Promise<DeliveryPrices>;
  company: Company;
  invalidations?: Invalidations;
}): ContentService {
  const { repo } = deps;
  const links = cachedFor(() => repo.links(), {
    ttlMs: 60_000,
    dropOn: { invalidations: deps.invalidations, tags: [CONTENT] },
  });
  const facts = async () => contentFacts(await deps.deliveryPrices(), deps.company);

  return {
    company: deps.company,

    async page(url) {
      const [page, known] = await Promise.all([repo.page(url), facts()]);
      return page && { ...page, body: fillFacts(page.body, known) };
    },

    async faq() {
      const [items, known] = await Promise.all([repo.faq(), facts()]);
      const topics = new Map<string, FaqItem[]>();
      for (const item of items) {
        const list = topics.get(item.topic) ?? [];
        list.push({ ...item, answer: fillFacts(item.answer, known) });
        topics.set(item.topic, list);
      }
      return [...topics].map(([topic, list]) => ({ topic, items: list }));
    },

    async landing(url) {
      const landing = await repo.landing(url);
      if (!landing) return null;
      const known = await facts();
      return {
        ...landing,
        body: fillFacts(landing.body, known),
        products: await repo.products(landing.selection, LANDING_PRODUCTS),
      };
    },

    links: links.get,
    landings: () => repo.landings(),
  };
}
