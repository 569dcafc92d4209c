import { X } from 'lucide-react';
import { ShopLink } from '~/components/ui/ShopLink';
import { EMPTY_FILTER } from '../../../domain/catalog/filter/filter';
import { hrefWithFilter } from '../../../domain/catalog/listing/listing';
import { productCount } from '../../../domain/catalog/listing/listing-seo';
import type { Listing } from '../../../domain/catalog/listing/listing.service';
import { Breadcrumbs, type Crumb } from './Breadcrumbs';
import { FilterChips } from './FilterChips';
import { FilterPanel } from './FilterPanel';
import { ListingResults } from './ListingResults';
import { type ListSource, MobileFilters } from './MobileFilters';
import { SortMenu } from './SortMenu';
import styles from './ListingView.module.css';

interface ListingViewProps {
  listing: Listing;
  heading: string;
  crumbs: Crumb[];
  origin: string;
  imgVersion: string;
  /** What the listing lists, for the mobile filter's counts. */
  source: ListSource;
  intro?: React.ReactNode;
  tree?: React.ReactNode;
}

/** The shared listing page of sections, brands and search: heading, tree, filter, sort, grid and pager. */
export function ListingView({ listing, heading, crumbs, origin, imgVersion, source, intro, tree }: ListingViewProps) {
  const { location, facets, count } = listing;
  const filtered = Object.keys(location.filter.lists).length + Object.keys(location.filter.ranges).length > 0;
  return (
    <main id="main" className={`container ${styles.page}`}>
      <Breadcrumbs crumbs={crumbs} origin={origin} />
      <header className={styles.top}>
        <h1 className={styles.title}>{heading}</h1>
        <p className={styles.count} data-testid="listing-count">
          {productCount(count)}
        </p>
      </header>
      {intro}
      <div className={styles.layout}>
        {tree && <div className={styles.tree}>{tree}</div>}
        <aside id="catalog-filters" className={styles.filters} aria-label="Фильтр товаров">
          {/* Headings between the page's h1 and the filters' and cards' h3, for screen readers' heading order; the
              panel's visible title shows on phones only. */}
          <h2 className="visually-hidden">Фильтры</h2>
          <div className={styles.filtersHead}>
            <span aria-hidden="true">Фильтры</span>
            <a href="#main" className={styles.close} aria-label="Закрыть фильтры">
              <X size={22} aria-hidden />
            </a>
          </div>
          <FilterPanel key={listing.href} facets={facets} location={location} />
        </aside>
        <div className={styles.main}>
          <div className={styles.toolbar}>
            {/* Keyed by the listing, so each new listing starts closed and fresh; sibling keys must differ. */}
            <MobileFilters
              key={`filters ${listing.href}`}
              facets={facets}
              count={count}
              location={location}
              source={source}
            />
            <div className={styles.chips}>
              <FilterChips facets={facets} location={location} />
            </div>
            <SortMenu key={`sort ${listing.href}`} sort={listing.sort} location={location} />
          </div>
          <h2 className="visually-hidden">Товары</h2>
          {count > 0 ? (
            <ListingResults
              key={listing.href}
              items={listing.items}
              navigation={listing.navigation}
              location={location}
              imgVersion={imgVersion}
            />
          ) : (
            <div className={styles.empty}>
              <p className={styles.emptyTitle}>Под этот фильтр ничего не нашлось</p>
              <p>Попробуйте убрать часть условий — подходящие модели наверняка найдутся.</p>
              {filtered && (
                <ShopLink to={hrefWithFilter(location, EMPTY_FILTER)} className={styles.emptyLink}>
                  Сбросить фильтры
                </ShopLink>
              )}
            </div>
          )}
        </div>
      </div>
    </main>
  );
}
