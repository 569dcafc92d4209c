import { X } from 'lucide-react';
import { ShopLink } from '~/components/ui/ShopLink';
import { EMPTY_FILTER, toggleValue, withoutCode } from '../../../domain/catalog/filter/filter';
import { type Facet, groupDigits } from '../../../domain/catalog/filter/filter-facets';
import { hrefWithFilter, type ListingLocation } from '../../../domain/catalog/listing/listing';
import styles from './FilterChips.module.css';

/** The chosen filters, each a link that removes it, and one that removes them all. */
export function FilterChips({ facets, location }: { facets: Facet[]; location: ListingLocation }) {
  const chips: { key: string; label: string; href: string }[] = [];
  for (const facet of facets) {
    if (facet.kind === 'range' && facet.range && (facet.range.from != null || facet.range.to != null)) {
      const { from, to } = facet.range;
      const text = [from != null ? `от ${groupDigits(from)}` : '', to != null ? `до ${groupDigits(to)}` : '']
        .filter(Boolean)
        .join(' ');
      chips.push({
        key: facet.code,
        label: `${facet.name}: ${text}\u00a0руб.`,
        href: hrefWithFilter(location, withoutCode(location.filter, facet.code)),
      });
    }
    for (const v of facet.values) {
      if (v.selected)
        chips.push({
          key: `${facet.code}-${v.value}`,
          label: v.name,
          href: hrefWithFilter(location, toggleValue(location.filter, facet.code, v.value)),
        });
    }
  }
  if (chips.length === 0) return null;
  return (
    <ul className={styles.chips} aria-label="Выбранные фильтры">
      {chips.map((c) => (
        <li key={c.key}>
          <ShopLink
            to={c.href}
            className={styles.chip}
            preventScrollReset
            rel="nofollow"
            aria-label={`Убрать фильтр: ${c.label}`}
          >
            {c.label}
            <X size={14} aria-hidden />
          </ShopLink>
        </li>
      ))}
      {chips.length > 1 && (
        <li>
          <ShopLink to={hrefWithFilter(location, EMPTY_FILTER)} className={styles.reset} preventScrollReset>
            Сбросить все
          </ShopLink>
        </li>
      )}
    </ul>
  );
}
