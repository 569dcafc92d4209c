import { ShopLink } from '~/components/ui/ShopLink';
import { data, redirect } from 'react-router';
import { productCount, SHOP_NAME, sectionSeo } from '../../domain/catalog/listing/listing-seo';
import { topSections } from '../../domain/catalog/listing/listing.service';
import { formatPrice } from '../../domain/pricing/price';
import { Breadcrumbs } from '~/components/catalog/Breadcrumbs';
import { ListingView } from '~/components/catalog/ListingView';
import { SectionTree } from '~/components/catalog/SectionTree';
import { listingMeta } from '~/components/catalog/listing-meta';
import { listingPath } from '~/components/catalog/listing-path';
import { cachePolicy } from '../../contract/cache-policy';
import type { Route } from './+types/catalog';
import styles from './catalog.module.css';
import { LISTINGS, productTag, sectionTag } from '../../domain/cache-tags';

const HOME = { name: 'Главная', url: '/' };
const CATALOG = { name: 'Каталог', url: '/catalog/' };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { url, pathname } = listingPath(request);
  const { services, options } = context;
  if (pathname === CATALOG.url) {
    const { sections } = await services.listing.reference();
    context.cacheTags.add(LISTINGS);
    const tops = topSections(sections).map((top) => ({
      ...top,
      groups: sections
        .filter((s) => s.parentId === top.id && s.count > 0)
        .sort((a, b) => a.sort - b.sort)
        .map((group) => ({
          ...group,
          leaves: sections.filter((s) => s.parentId === group.id && s.count > 0).sort((a, b) => a.sort - b.sort),
        })),
    }));
    return { kind: 'root' as const, tops, origin: context.siteUrl };
  }
  const outcome = await services.listing.sectionPage(pathname, (name) => url.searchParams.get(name));
  if (outcome.kind === 'redirect') throw redirect(outcome.to, 301);
  if (outcome.kind === 'not_found') throw data(null, { status: 404 });
  const { section, ancestors, tree, listing } = outcome.value;
  context.cacheTags.add(sectionTag(section.id));
  for (const card of listing.items) context.cacheTags.add(productTag(card.id));
  const parent = ancestors.length > 1 ? (ancestors[ancestors.length - 2] ?? null) : null;
  return {
    kind: 'section' as const,
    section,
    ancestors,
    tree,
    parent,
    listing,
    seo: sectionSeo(section, listing),
    origin: context.siteUrl,
    imgVersion: options.imgVersion,
  };
}

export const headers = cachePolicy('public');

export function meta({ data: page }: Route.MetaArgs) {
  if (!page) return [{ title: `Страница не найдена — ${SHOP_NAME}` }];
  if (page.kind === 'root') {
    return [
      { title: `Каталог: пуховики, парки, пальто и аксессуары — ${SHOP_NAME}` },
      {
        name: 'description',
        content:
          'Каталог тёплой одежды для женщин и мужчин: пуховики, парки, пальто, куртки, жилеты, шапки, шарфы и перчатки.',
      },
      { tagName: 'link', rel: 'canonical', href: `${page.origin}/catalog/` },
    ];
  }
  return listingMeta(page.seo, page.listing, page.origin);
}

export default function Catalog({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === 'root') return <CatalogRoot tops={loaderData.tops} origin={loaderData.origin} />;
  const { section, ancestors, tree, parent, listing, seo, origin, imgVersion } = loaderData;
  const crumbs = [HOME, CATALOG, ...ancestors.map((s) => ({ name: s.name, url: s.url }))];
  return (
    <ListingView
      listing={listing}
      heading={seo.h1}
      crumbs={crumbs}
      origin={origin}
      imgVersion={imgVersion}
      source={{ section: section.url }}
      tree={<SectionTree nodes={tree} currentId={section.id} parent={parent} />}
    />
  );
}

type RootData = Extract<Route.ComponentProps['loaderData'], { kind: 'root' }>;

/** /catalog/: the top sections with what is inside them (the target of "back" without history). */
function CatalogRoot({ tops, origin }: { tops: RootData['tops']; origin: string }) {
  return (
    <main id="main" className="container">
      <Breadcrumbs crumbs={[HOME, CATALOG]} origin={origin} />
      <h1 className={styles.title}>Каталог</h1>
      <div className={styles.tops}>
        {tops.map((top) => (
          <section key={top.id} className={styles.top} aria-labelledby={`top-${top.id}`}>
            <h2 id={`top-${top.id}`} className={styles.topTitle}>
              <ShopLink to={top.url}>{top.name}</ShopLink>
              <span className={styles.muted}>{productCount(top.count)}</span>
            </h2>
            {top.groups.map((group) => (
              <div key={group.id} className={styles.group}>
                <h3 className={styles.groupTitle}>
                  <ShopLink to={group.url}>{group.name}</ShopLink>
                </h3>
                <ul className={styles.leaves}>
                  {group.leaves.map((leaf) => (
                    <li key={leaf.id}>
                      <ShopLink to={leaf.url} className={styles.leaf}>
                        <span>
                          {leaf.name}
                          {leaf.hasNew && <span className={styles.new}>новинки</span>}
                        </span>
                        <span className={styles.muted}>
                          {leaf.minPrice != null ? `от ${formatPrice(leaf.minPrice)}` : ''}
                        </span>
                      </ShopLink>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </section>
        ))}
      </div>
    </main>
  );
}
