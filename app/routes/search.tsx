import { useEffect } from 'react';
import { ShopLink } from '~/components/ui/ShopLink';
import { data, Form, redirect } from 'react-router';
import { SHOP_NAME, sectionTitle } from '../../domain/catalog/listing/listing-seo';
import { SEARCH_MAX } from '../../domain/catalog/search/search';
import { Breadcrumbs } from '~/components/catalog/Breadcrumbs';
import { ListingView } from '~/components/catalog/ListingView';
import { sendEvent } from '~/lib/analytics';
import { listingPath } from '~/components/catalog/listing-path';
import { cachePolicy } from '../../contract/cache-policy';
import type { Route } from './+types/search';
import styles from './search.module.css';
import { LISTINGS, productTag } from '../../domain/cache-tags';

const SUGGESTED_SECTIONS = 8;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { url, pathname } = listingPath(request);
  const { services, options } = context;
  const outcome = await services.search.page(pathname, (name) => url.searchParams.get(name));
  if (outcome.kind === 'redirect') throw redirect(outcome.to, 301);
  if (outcome.kind === 'not_found') throw data(null, { status: 404 });
  const page = outcome.value;
  context.cacheTags.add(LISTINGS);
  for (const card of page.listing?.items ?? []) context.cacheTags.add(productTag(card.id));
  const empty = !page.listing || (page.listing.count === 0 && !page.listing.filterText);
  // A search that finds nothing still leads somewhere: the biggest sections.
  const suggestions = empty
    ? (await services.listing.reference()).sections
        .filter((s) => s.depth === 3 && s.count > 0)
        .sort((a, b) => b.count - a.count || a.id - b.id)
        .slice(0, SUGGESTED_SECTIONS)
        .map((s) => ({ id: s.id, name: sectionTitle(s), url: s.url }))
    : [];
  return { ...page, empty, suggestions, origin: context.siteUrl, imgVersion: options.imgVersion };
}

export const headers = cachePolicy('public');

export function meta({ data: page }: Route.MetaArgs) {
  const title = page?.query ? `Поиск «${page.query}» — ${SHOP_NAME}` : `Поиск по каталогу — ${SHOP_NAME}`;
  return [
    { title },
    { name: 'description', content: 'Поиск по каталогу тёплой одежды: пуховики, парки, пальто, куртки, аксессуары.' },
    { name: 'robots', content: 'noindex, follow' },
  ];
}

const CRUMBS = [
  { name: 'Главная', url: '/' },
  { name: 'Поиск', url: '/search/' },
];

export default function Search({ loaderData }: Route.ComponentProps) {
  const { query, corrected, listing, analyticsIds, empty, suggestions, origin, imgVersion } = loaderData;
  const ids = analyticsIds.join(',');
  useEffect(() => {
    // Spec §7: the search goal carries at most the first 5 product ids.
    if (query && ids) sendEvent('search', 'results', { q: query, ids: ids.split(',').map(Number) });
  }, [query, ids]);

  if (empty || !listing) {
    return (
      <main id="main" className={`container ${styles.page}`}>
        <Breadcrumbs crumbs={CRUMBS} origin={origin} />
        <h1 className={styles.title}>{query ? `По запросу «${query}» ничего не нашлось` : 'Поиск по каталогу'}</h1>
        <SearchForm query={query} />
        {query && (
          <ul className={styles.tips}>
            <li>Проверьте, нет ли опечатки, или напишите короче: «пуховик», «парка мужская».</li>
            <li>Ищите по бренду («Nordvik») или артикулу с этикетки («NO00012-01»).</li>
            <li>Или выберите раздел — там есть фильтр по размеру, цвету и цене.</li>
          </ul>
        )}
        <h2 className={styles.subtitle}>Популярные разделы</h2>
        <ul className={styles.sections}>
          {suggestions.map((s) => (
            <li key={s.id}>
              <ShopLink to={s.url}>{s.name}</ShopLink>
            </li>
          ))}
        </ul>
      </main>
    );
  }
  return (
    <div data-search-analytics={ids}>
      <ListingView
        listing={listing}
        heading={`Поиск «${query}»`}
        crumbs={CRUMBS}
        origin={origin}
        imgVersion={imgVersion}
        source={{ q: query }}
        intro={
          <div className={styles.intro}>
            <SearchForm query={query} />
            {corrected.length > 0 && (
              <p className={styles.corrected} data-testid="search-corrected">
                {'Исправили опечатку: '}
                {corrected.map((c, i) => (
                  <span key={c.from}>
                    {i > 0 && ', '}
                    <s>{c.from}</s> → <b>{c.to}</b>
                  </span>
                ))}
              </p>
            )}
          </div>
        }
      />
    </div>
  );
}

function SearchForm({ query }: { query: string }) {
  return (
    <Form method="get" action="/search/" role="search" className={styles.form}>
      <label htmlFor="search-page-q" className="visually-hidden">
        Что ищем
      </label>
      <input
        id="search-page-q"
        name="q"
        type="search"
        defaultValue={query}
        key={query}
        maxLength={SEARCH_MAX}
        placeholder="Поиск"
        className={styles.input}
      />
      <input type="hidden" name="s" value="Y" />
      <button type="submit" className={styles.submit}>
        Найти
      </button>
    </Form>
  );
}
