import type { RequestContext } from '../context';
import { DomainError } from '../errors';
import { requirePermission } from '../staff/permissions';
import type { StaffWrite } from '../staff/staff-write';
import type { Company } from './company';
import type { LandingSelection } from './content';
import type { AdminLanding, AdminPage, ContentAdminReads, ContentAdminService } from './content-admin';
import { cleanSelection } from './content-admin.schemas';
import { contentFacts, type DeliveryPrices, fillFacts } from './facts';

/** How many product names a landing's selection preview lists. */
const PREVIEW_PRODUCTS = 8;

/** The shop's own addresses: a content page there would clash with a route. */
const RESERVED = [
  '/catalog/',
  '/product/',
  '/admin/',
  '/api/',
  '/lk/',
  '/basket/',
  '/order/',
  '/brands/',
  '/search/',
  '/stores/',
  '/contacts/',
  '/auth/',
  '/promo/',
  '/subscribe/',
  '/unsubscribe/',
  '/images/',
];
/** Where the shop shows content pages (routes `info/*` and `agreement`). */
const SERVED = (url: string) => url.startsWith('/info/') || url === '/agreement/';

const notFound = (what: string) => new DomainError('not_found', `${what} не найден.`, 'CONTENT_NOT_FOUND');
const taken = (url: string) =>
  new DomainError('conflict', `Адрес ${url} уже занят другой страницей.`, 'CONTENT_URL_TAKEN');

/** The placeholders of `text` no fact answers. */
function unknownFacts(text: string, facts: Record<string, string>): string[] {
  const names = [...text.matchAll(/\{\{\s*([^}]*?)\s*\}\}/g)].map((m) => m[1]);
  return [...new Set(names.filter((name) => name === undefined || !Object.hasOwn(facts, name)))];
}

export function createContentAdminService(deps: {
  reads: ContentAdminReads;
  write: StaffWrite;
  deliveryPrices: () => Promise<DeliveryPrices>;
  company: Company;
}): ContentAdminService {
  const { reads, write } = deps;
  const edit = (ctx: RequestContext) => requirePermission(ctx, 'content.edit');
  const facts = async () => contentFacts(await deps.deliveryPrices(), deps.company);

  async function checkFacts(...texts: string[]) {
    const known = await facts();
    const unknown = unknownFacts(texts.join('\n'), known);
    if (unknown.length)
      throw new DomainError(
        'validation',
        `Неизвестная подстановка: ${unknown.map((n) => `{{${n}}}`).join(', ')}. Используйте подстановки из списка рядом с редактором.`,
        'UNKNOWN_PLACEHOLDER',
      );
    return known;
  }

  function checkUrl(url: string) {
    const reserved = RESERVED.find((prefix) => url.startsWith(prefix));
    if (reserved)
      throw new DomainError(
        'validation',
        `Адрес ${url} занят разделом магазина ${reserved}: выберите другой.`,
        'CONTENT_URL_RESERVED',
      );
    if (!SERVED(url))
      throw new DomainError(
        'validation',
        'Информационные страницы магазин показывает по адресам /info/…/.',
        'CONTENT_URL_RESERVED',
      );
  }

  const pageAudit = (p: AdminPage | null) =>
    p && {
      url: p.url,
      title: p.title,
      description: p.description,
      body: p.body,
      menuSection: p.menuSection,
      sort: p.sort,
      published: p.published,
    };
  const landingAudit = (l: AdminLanding | null) =>
    l && {
      url: l.url,
      title: l.title,
      description: l.description,
      hero: l.hero,
      body: l.body,
      selection: l.selection,
      published: l.published,
    };

  return {
    async pages(ctx) {
      edit(ctx);
      return reads.pages();
    },
    async page(ctx, id) {
      edit(ctx);
      const page = await reads.page(id);
      if (!page) throw notFound('Страница');
      return page;
    },
    async savePage(ctx, id, input) {
      checkUrl(input.url);
      await checkFacts(input.body);
      return write(ctx, 'content.page', { id: id ?? undefined }, async (repos) => {
        const before = id === null ? null : await repos.contentReads.page(id);
        if (id !== null && !before) throw notFound('Страница');
        const fields = {
          url: input.url,
          title: input.title,
          description: input.description ?? '',
          body: input.body,
          menuSection: input.menuSection ?? before?.menuSection ?? 'buyers',
          sort: input.sort ?? before?.sort ?? 0,
          published: input.published,
        };
        const saved = id === null ? await repos.content.insertPage(fields) : await repos.content.updatePage(id, fields);
        if (saved === null && id !== null) throw notFound('Страница');
        if (saved === null || saved === 'taken') throw taken(input.url);
        return { value: saved, id: saved.id, before: pageAudit(before), after: pageAudit(saved) };
      });
    },

    async faq(ctx) {
      edit(ctx);
      return reads.faq();
    },
    async saveFaq(ctx, id, input) {
      await checkFacts(input.answer);
      return write(ctx, 'content.faq', { id: id ?? undefined }, async (repos) => {
        const before = id === null ? null : await repos.contentReads.faqItem(id);
        if (id !== null && !before) throw notFound('Вопрос');
        const fields = {
          topic: input.topic,
          question: input.question,
          answer: input.answer,
          sort: input.sort ?? before?.sort ?? 0,
        };
        const saved = id === null ? await repos.content.insertFaq(fields) : await repos.content.updateFaq(id, fields);
        if (!saved) throw notFound('Вопрос');
        const { id: _b, ...was } = before ?? { id: 0 };
        const { id: _a, ...now } = saved;
        return { value: saved, id: saved.id, before: before && was, after: now };
      });
    },
    async deleteFaq(ctx, id) {
      await write(ctx, 'content.faq', { id }, async (repos) => {
        const before = await repos.contentReads.faqItem(id);
        if (!before || !(await repos.content.deleteFaq(id))) throw notFound('Вопрос');
        const { id: _b, ...was } = before;
        return { value: undefined, before: was, after: null };
      });
    },

    async landings(ctx) {
      edit(ctx);
      return reads.landings();
    },
    async landing(ctx, id) {
      edit(ctx);
      const landing = await reads.landing(id);
      if (!landing) throw notFound('Лендинг');
      return landing;
    },
    async saveLanding(ctx, id, input) {
      await checkFacts(input.body);
      const selection = cleanSelection(input.selection);
      return write(ctx, 'content.landing', { id: id ?? undefined }, async (repos) => {
        const before = id === null ? null : await repos.contentReads.landing(id);
        if (id !== null && !before) throw notFound('Лендинг');
        const hero = input.hero ?? before?.hero;
        if (!hero) throw new DomainError('validation', 'Выберите картинку лендинга.', 'CONTENT_HERO_REQUIRED');
        const fields = {
          url: input.url,
          title: input.title,
          description: input.description ?? '',
          hero,
          body: input.body,
          selection,
          published: input.published,
        };
        const saved =
          id === null ? await repos.content.insertLanding(fields) : await repos.content.updateLanding(id, fields);
        if (saved === null && id !== null) throw notFound('Лендинг');
        if (saved === null || saved === 'taken') throw taken(input.url);
        return { value: saved, id: saved.id, before: landingAudit(before), after: landingAudit(saved) };
      });
    },
    async landingPreview(ctx, selection: LandingSelection) {
      edit(ctx);
      return reads.selectionPreview(selection, PREVIEW_PRODUCTS);
    },

    async facts(ctx) {
      edit(ctx);
      return facts();
    },
    async preview(ctx, body) {
      edit(ctx);
      return fillFacts(body, await checkFacts(body));
    },

    async reloadPages(ctx, send) {
      await write(ctx, 'pages.reload', { id: 'all' }, async () => ({ value: undefined, after: { command: 'reload' } }));
      return send();
    },
  };
}
