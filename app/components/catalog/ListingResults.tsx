import { Loader2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ServerHtml } from '~/components/ui/ServerHtml';
import { ShopLink } from '~/components/ui/ShopLink';
import { useRoutedClick } from '~/components/ui/useRoutedClick';
import type { ProductCard as Card } from '../../../domain/catalog/listing/card';
import {
  type ListingLocation,
  listingHref,
  type Navigation,
  pagerItems,
} from '../../../domain/catalog/listing/listing';
import { useMarkup } from '~/lib/markup-cache';
import { preloadCardPhoto, ProductCard } from './ProductCard';
import styles from './ListingResults.module.css';

/**
 * Pager content markers (spec §5): a fetched page is used only when it has both. The items of the next page are
 * appended from its `[data-pager-items]` (from the part of the page's own cards inside it, `[data-pager-part]`); the
 * navigation is replaced by its `[data-pager-nav]`.
 */
export const PAGER_ITEMS = 'data-pager-items';
export const PAGER_NAV = 'data-pager-nav';
const PAGER_PART = 'data-pager-part';
/** A phone's first screen shows two cards, a desktop's first row four. */
const HIGH_PRIORITY_CARDS = 2;
const EAGER_CARDS = 4;

/** A page read from the next link: its cards' HTML and its navigation. */
interface PagerPage {
  page: number;
  pageCount: number;
  itemsHtml: string;
  itemCount: number;
  next: string | null;
}

/** Reads the next page's HTML: null unless both markers are there. */
export function readPagerPage(html: string): PagerPage | null {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const list = doc.querySelector(`[${PAGER_ITEMS}]`);
  const items = list?.querySelector(`:scope > [${PAGER_PART}]`) ?? list;
  const nav = doc.querySelector(`[${PAGER_NAV}]`);
  if (!items || !nav) return null;
  return {
    page: Number(nav.getAttribute('data-page')),
    pageCount: Number(nav.getAttribute('data-page-count')),
    itemsHtml: items.innerHTML,
    itemCount: items.children.length,
    next: nav.querySelector('[data-pager-next]')?.getAttribute('href') ?? null,
  };
}

/** The grid with server-rendered pages (?PAGEN_1=N) and "load more" on top of them. */
export function ListingResults({
  items,
  navigation,
  location,
  imgVersion,
}: {
  items: Card[];
  navigation: Navigation;
  location: ListingLocation;
  imgVersion: string;
}) {
  // Links in the server's and the appended cards go through the router like the rest of the page.
  const routeClick = useRoutedClick();
  const priorityOf = (i: number) =>
    navigation.page > 1 || i >= EAGER_CARDS ? 'lazy' : i < HIGH_PRIORITY_CARDS ? 'high' : 'eager';
  const loading = useRef(false);
  const [busy, setBusy] = useState(false);
  const [loaded, setLoaded] = useState<PagerPage[]>([]);
  // Until the page is hydrated the next link simply opens the next page.
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const { count, limit } = navigation;
  // The navigation is the last loaded page's: its number, its page count and its next link.
  const last = loaded[loaded.length - 1];
  const page = last?.page ?? navigation.page;
  const pageCount = last?.pageCount ?? navigation.pageCount;
  const next = last ? last.next : page < pageCount ? listingHref({ ...location, page: page + 1 }) : null;
  const pages = pagerItems(page, pageCount);
  const shown = Math.min(
    count,
    (navigation.page - 1) * limit + items.length + loaded.reduce((n, p) => n + p.itemCount, 0),
  );

  // On the server, each card's markup as the markup store keeps it: rendered once per card's data, not per page,
  // after this component's hooks. A card rendered apart cannot preload its photo into this page's head: the page does.
  const markup = useMarkup();
  const serverMarkup =
    markup &&
    items
      .map((card, i) => {
        const priority = priorityOf(i);
        if (priority !== 'lazy') preloadCardPhoto(card, imgVersion, priority);
        return markup(`card ${imgVersion} ${priority} ${JSON.stringify(card)}`, () => (
          <ProductCard card={card} imgVersion={imgVersion} priority={priority} />
        ));
      })
      .join('');

  async function loadMore(e: React.MouseEvent<HTMLAnchorElement>) {
    e.preventDefault();
    // Spec §4: ignored while loading or when there is no next link.
    if (loading.current || !next) return;
    loading.current = true;
    setBusy(true);
    try {
      const res = await fetch(next, { headers: { accept: 'text/html' }, credentials: 'same-origin' });
      if (!res.ok) throw new Error(`HTTP ${res.status} for ${next}`);
      const part = readPagerPage(await res.text());
      if (!part) throw new Error(`No pager markers in ${next}`);
      setLoaded((prev) => [...prev, part]);
    } catch (error) {
      // Spec §8: the loader goes and the error is logged; the link stays for another try.
      console.error('Не удалось загрузить следующую страницу каталога', error);
    } finally {
      loading.current = false;
      setBusy(false);
    }
  }

  return (
    <>
      <div className={styles.grid} {...{ [PAGER_ITEMS]: '' }}>
        {/* The cards are links and photos: at the page's load they stay the server's HTML, not hydrated, and their
            links go through the router by the click handler, as the appended pages' do. */}
        <ServerHtml
          className={styles.appended}
          onClick={routeClick}
          serverMarkup={serverMarkup}
          {...{ [PAGER_PART]: '' }}
        >
          {items.map((card, i) => (
            <ProductCard key={card.id} card={card} imgVersion={imgVersion} priority={priorityOf(i)} />
          ))}
        </ServerHtml>
        {loaded.map((part) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the click handler only routes the links inside
          <div
            key={part.page}
            className={styles.appended}
            onClick={routeClick}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: cards rendered by this server for the next page
            dangerouslySetInnerHTML={{ __html: part.itemsHtml }}
          />
        ))}
      </div>
      <nav
        className={styles.nav}
        aria-label="Страницы каталога"
        {...{ [PAGER_NAV]: '' }}
        data-page={page}
        data-page-count={pageCount}
        data-enhanced={enhanced || undefined}
      >
        {pageCount > 1 && (
          <>
            <p className={styles.shown} aria-live="polite">{`Показано ${shown} из ${count}`}</p>
            <progress className={styles.progress} max={count} value={shown} aria-hidden />
          </>
        )}
        {next && (
          <a href={next} className={styles.more} onClick={loadMore} data-pager-next="" aria-busy={busy} rel="next">
            {busy ? <Loader2 size={18} className={styles.spin} aria-label="Загрузка" /> : 'Показать ещё'}
          </a>
        )}
        {pageCount > 1 && (
          <ol className={styles.pages} data-pager-pages="">
            {pages.map((p, i) =>
              p == null ? (
                <li key={`gap-after-${pages[i - 1]}`} className={styles.gap} aria-hidden>
                  …
                </li>
              ) : (
                <li key={p}>
                  {p === page ? (
                    <span aria-current="page">{p}</span>
                  ) : (
                    <ShopLink to={listingHref({ ...location, page: p })} aria-label={`Страница ${p}`}>
                      {p}
                    </ShopLink>
                  )}
                </li>
              ),
            )}
          </ol>
        )}
      </nav>
    </>
  );
}
