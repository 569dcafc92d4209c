import { ArrowUpDown, Check } from 'lucide-react';
import { useRef } from 'react';
import { ShopLink } from '~/components/ui/ShopLink';
import { useClickOutside } from '~/lib/click-outside';
import { hrefWithSort, type ListingLocation } from '../../../domain/catalog/listing/listing';
import type { SortState } from '../../../domain/catalog/listing/sort';
import styles from './SortMenu.module.css';

/** The sort as a disclosure of links: works without JavaScript, and a new sort drops the page (spec §2). */
export function SortMenu({ sort, location }: { sort: SortState; location: ListingLocation }) {
  const details = useRef<HTMLDetailsElement>(null);
  const current = sort.list.find((s) => s.value === sort.value);
  const close = () => details.current?.removeAttribute('open');
  // Spec §9: an open overlay closes on a click outside it.
  useClickOutside(details, close);
  return (
    <details ref={details} className={styles.menu}>
      <summary className={styles.summary}>
        <ArrowUpDown size={16} aria-hidden />
        <span className={styles.label}>Сортировка:</span> {current?.name}
      </summary>
      <ul className={styles.list}>
        {sort.list.map((s) => (
          <li key={s.value}>
            <ShopLink
              to={hrefWithSort(location, s.value)}
              rel="nofollow"
              className={styles.option}
              aria-current={s.value === sort.value ? 'true' : undefined}
              preventScrollReset
              onClick={close}
            >
              {s.name}
              {s.value === sort.value && <Check size={16} aria-hidden />}
            </ShopLink>
          </li>
        ))}
      </ul>
    </details>
  );
}
