import { SlidersHorizontal } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  EMPTY_FILTER,
  type FilterState,
  formatFilterPath,
  setRange,
  toggleValue,
} from '../../../domain/catalog/filter/filter';
import type { Facet } from '../../../domain/catalog/filter/filter-facets';
import { hrefWithFilter, type ListingLocation } from '../../../domain/catalog/listing/listing';
import { productCount } from '../../../domain/catalog/listing/listing-seo';
import { Dialog } from '~/components/ui/Dialog';
import { getApi } from '~/lib/api';
import { useDeviceClass } from '~/lib/device';
import { FilterPanel } from './FilterPanel';
import styles from './MobileFilters.module.css';

/** What the listing lists, as the product/list API takes it: {section} | {brand, gender} | {q}. */
export type ListSource = Record<string, string>;

const PREVIEW_DELAY_MS = 250;

/**
 * Mobile filter mode (spec §4, by window width): a button opens the filter in a panel; choices are staged and the
 * panel asks the API what they would give, so its button says how many products the shopper will see.
 * Without JavaScript the button is a link to the filter column, which CSS then shows.
 */
export function MobileFilters({
  facets,
  count,
  location,
  source,
}: {
  facets: Facet[];
  count: number;
  location: ListingLocation;
  source: ListSource;
}) {
  const device = useDeviceClass();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [staged, setStaged] = useState<FilterState>(location.filter);
  const [preview, setPreview] = useState<{ facets: Facet[]; count: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const chosen =
    Object.values(location.filter.lists).reduce((n, v) => n + v.length, 0) + Object.keys(location.filter.ranges).length;

  // Leaving the mobile width closes the panel: the filter column is back.
  useEffect(() => {
    if (device !== 'mobile') setOpen(false);
  }, [device]);

  // Strings, so a re-render with equal values does not restart (and abort) the request.
  const stagedPath = formatFilterPath(staged);
  const appliedPath = formatFilterPath(location.filter);
  const sourceQuery = new URLSearchParams(source).toString();
  useEffect(() => {
    if (!open || stagedPath === appliedPath) {
      setPreview(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setBusy(true);
      try {
        const params = new URLSearchParams(sourceQuery);
        params.set('filter', stagedPath);
        const answer = await getApi('productList', params, { signal: controller.signal });
        if (answer.ok) setPreview({ facets: answer.data.facets, count: answer.data.navigation.count });
      } catch (error) {
        if (!controller.signal.aborted) console.warn('Не удалось пересчитать фильтр', error);
      } finally {
        if (!controller.signal.aborted) setBusy(false);
      }
    }, PREVIEW_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [open, stagedPath, appliedPath, sourceQuery]);

  const shown = preview ?? { facets, count };
  return (
    <>
      {/* biome-ignore lint/a11y/useValidAnchor: a real link to the filter column without JavaScript, the panel with it */}
      <a
        href="#catalog-filters"
        className={styles.button}
        data-mode={device}
        aria-haspopup="dialog"
        onClick={(e) => {
          if (device !== 'mobile') return;
          e.preventDefault();
          setStaged(location.filter);
          setOpen(true);
        }}
      >
        <SlidersHorizontal size={16} aria-hidden />
        Фильтры
        {chosen > 0 && <span className={styles.badge}>{chosen}</span>}
      </a>
      {open && (
        <Dialog open={open} onClose={() => setOpen(false)} title="Фильтры" variant="left" id="mobile-filters">
          <div className={styles.body}>
            <div className={styles.scroll}>
              <FilterPanel
                facets={shown.facets}
                location={location}
                staged={{
                  filter: staged,
                  toggle: (code, value) => setStaged((s) => toggleValue(s, code, value)),
                  range: (code, range) => setStaged((s) => setRange(s, code, range)),
                }}
              />
            </div>
            <div className={styles.footer}>
              <button type="button" className={styles.reset} onClick={() => setStaged(EMPTY_FILTER)}>
                Сбросить
              </button>
              <button
                type="button"
                className={styles.show}
                aria-busy={busy}
                disabled={busy || shown.count === 0}
                onClick={() => {
                  setOpen(false);
                  navigate(hrefWithFilter(location, staged));
                }}
              >
                {shown.count === 0 ? 'Ничего не найдено' : `Показать ${productCount(shown.count)}`}
              </button>
            </div>
          </div>
        </Dialog>
      )}
    </>
  );
}
