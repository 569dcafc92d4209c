import { Check, Info } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { ServerHtml } from '~/components/ui/ServerHtml';
import { ShopLink } from '~/components/ui/ShopLink';
import { useRoutedClick } from '~/components/ui/useRoutedClick';
import { useNavigate } from 'react-router';
import { type FilterRange, type FilterState, setRange, toggleValue } from '../../../domain/catalog/filter/filter';
import { type Facet, type FacetValue, topValues } from '../../../domain/catalog/filter/filter-facets';
import { hrefWithFilter, type ListingLocation } from '../../../domain/catalog/listing/listing';
import { isIndexable } from '../../../domain/catalog/listing/listing-seo';
import styles from './FilterPanel.module.css';

interface PanelProps {
  facets: Facet[];
  location: ListingLocation;
  /** Staged mode (the mobile dialog): values are toggles and nothing is applied until the shopper says so. */
  staged?: {
    filter: FilterState;
    toggle: (code: string, value: string) => void;
    range: (code: string, range: FilterRange) => void;
  };
}

/**
 * The faceted filter. On desktop every value is a link to its filter URL, so it works without JavaScript and can be
 * crawled; values that would give nothing are shown disabled. Only one tooltip is open at a time (spec §4).
 * A link is its name as text; its box and count are drawn by CSS from `aria-current` and `data-count`, and its
 * accessible name says both: with a box, a name and a count apiece, a section's ~90 values were a third of the
 * page's elements, paid by every render and hydration.
 */
export function FilterPanel({ facets, location, staged }: PanelProps) {
  const [openTip, setOpenTip] = useState<string | null>(null);
  const idPrefix = useId();
  if (facets.length === 0) return null;
  return (
    <div className={styles.panel}>
      {facets.map((facet) => {
        const headingId = `${idPrefix}-${facet.code}`;
        const chosen = facet.values.filter((v) => v.selected).length;
        return (
          <section key={facet.code} className={styles.group} aria-labelledby={headingId} data-facet={facet.code}>
            <div className={styles.head}>
              <h3 id={headingId} className={styles.name}>
                {facet.name}
                {chosen > 0 && <span className={styles.chosen}>{` · ${chosen}`}</span>}
              </h3>
              {facet.hint && (
                <FilterTip
                  id={`${headingId}-tip`}
                  label={facet.name}
                  text={facet.hint}
                  open={openTip === facet.code}
                  onToggle={(open) => setOpenTip(open ? facet.code : null)}
                />
              )}
            </div>
            {facet.kind === 'range' && facet.range ? (
              <PriceRange facet={facet} location={location} staged={staged} />
            ) : (
              <ValueList facet={facet} location={location} staged={staged} />
            )}
          </section>
        );
      })}
    </div>
  );
}

function ValueList({
  facet,
  location,
  staged,
}: {
  facet: Facet;
  location: ListingLocation;
  staged?: PanelProps['staged'];
}) {
  const routeClick = useRoutedClick({ preventScrollReset: true });
  const item = (v: FacetValue) => {
    const selected = staged ? (staged.filter.lists[facet.code] ?? []).includes(v.value) : v.selected;
    return (
      <li key={v.value}>
        {staged ? (
          <label className={styles.option} data-count={v.count} data-disabled={v.disabled || undefined}>
            <input
              type="checkbox"
              className="visually-hidden"
              checked={selected}
              disabled={v.disabled}
              onChange={() => staged.toggle(facet.code, v.value)}
            />
            <ValueLabel facet={facet} value={v} selected={selected} />
          </label>
        ) : v.disabled ? (
          <span className={`${styles.option} ${styles.drawn}`} aria-disabled="true" data-count={0}>
            <Swatch facet={facet} value={v} />
            {v.name}
            <span className="visually-hidden">, товаров: 0</span>
          </span>
        ) : (
          <ValueLink facet={facet} value={v} location={location} />
        )}
      </li>
    );
  };
  // A long list keeps the rest behind «Ещё N», open when one of them is chosen.
  const head = topValues(facet);
  const rest = facet.values.slice(head.length);
  const listClass = facet.code === 'size' ? `${styles.values} ${styles.sizes}` : styles.values;
  if (staged)
    return (
      <>
        <ul className={listClass}>{head.map(item)}</ul>
        {rest.length > 0 && <MoreValues values={rest} item={item} />}
      </>
    );
  // The desktop panel's values are plain links: at the page's load they stay the server's HTML (issue 29.5).
  return (
    <>
      <ServerHtml className={styles.list} onClick={routeClick}>
        <ul className={listClass}>{head.map(item)}</ul>
      </ServerHtml>
      {rest.length > 0 && <MoreValues values={rest} item={item} />}
    </>
  );
}

/**
 * «Ещё N»: the values past a long list's first ones are drawn when it opens, from the facets the page already has
 * (issue 46.3: the panel, hidden on phones, was 28 KiB of the section page's markup). Open and drawn from the start
 * when one of them is chosen. Without JavaScript it is not shown (the CSS), as it could not draw them; the open values
 * are links and the price a form.
 */
function MoreValues({ values, item }: { values: FacetValue[]; item: (v: FacetValue) => React.ReactNode }) {
  const chosen = values.some((v) => v.selected);
  const [drawn, setDrawn] = useState(chosen);
  const ref = useRef<HTMLDetailsElement>(null);
  // Opened before the page came to life: React missed its toggle, so the values are drawn now.
  useEffect(() => {
    if (ref.current?.open) setDrawn(true);
  }, []);
  return (
    <details
      ref={ref}
      className={styles.more}
      open={chosen || undefined}
      data-drawn={drawn || undefined}
      onToggle={(e) => {
        if (e.currentTarget.open) setDrawn(true);
      }}
    >
      <summary>{`Ещё ${values.length}`}</summary>
      {drawn && <ul className={styles.values}>{values.map(item)}</ul>}
    </details>
  );
}

function ValueLink({ facet, value, location }: { facet: Facet; value: FacetValue; location: ListingLocation }) {
  const next = toggleValue(location.filter, facet.code, value.value);
  return (
    <ShopLink
      to={hrefWithFilter(location, next)}
      className={`${styles.option} ${styles.drawn}`}
      preventScrollReset
      rel={isIndexable(next, location.sort) ? undefined : 'nofollow'}
      aria-current={value.selected ? 'true' : undefined}
      aria-label={`${value.name}, товаров: ${value.count}${value.selected ? ' (выбрано)' : ''}`}
      data-count={value.count}
    >
      <Swatch facet={facet} value={value} />
      {value.name}
    </ShopLink>
  );
}

function Swatch({ facet, value }: { facet: Facet; value: FacetValue }) {
  return facet.code === 'color' && value.hex ? (
    <span className={styles.swatch} style={{ background: value.hex }} aria-hidden />
  ) : null;
}

function ValueLabel({ facet, value, selected }: { facet: Facet; value: FacetValue; selected: boolean }) {
  return (
    <>
      {facet.code !== 'size' && (
        <span className={`${styles.box} ${selected ? styles.boxOn : ''}`} aria-hidden>
          {selected && <Check size={12} strokeWidth={3} />}
        </span>
      )}
      <Swatch facet={facet} value={value} />
      <span className={styles.label}>{value.name}</span>
      <span className={styles.count}>
        <span className="visually-hidden">, товаров: </span>
        {value.count}
      </span>
      {selected && <span className="visually-hidden"> (выбрано)</span>}
    </>
  );
}

/** A "?" next to a filter's name; the panel keeps the open one, so opening another closes it. */
function FilterTip({
  id,
  label,
  text,
  open,
  onToggle,
}: {
  id: string;
  label: string;
  text: string;
  open: boolean;
  onToggle: (open: boolean) => void;
}) {
  const wrap = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onToggle(false);
    const onDown = (e: PointerEvent) => {
      if (!wrap.current?.contains(e.target as Node)) onToggle(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onDown);
    };
  }, [open, onToggle]);
  return (
    <span ref={wrap} className={styles.tipWrap}>
      <button
        type="button"
        className={styles.tipButton}
        aria-label={`Подсказка: ${label}`}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => onToggle(!open)}
      >
        <Info size={15} aria-hidden />
      </button>
      <span id={id} role="tooltip" className={styles.tip} hidden={!open} data-testid="filter-tooltip">
        {text}
      </span>
    </span>
  );
}

function digits(value: string): number | null {
  const n = Number.parseInt(value.replace(/\D/g, ''), 10);
  return Number.isFinite(n) && n > 0 ? n : null;
}

/**
 * The price range: a GET form that works without JavaScript (the server turns ?price_from=&price_to= into the
 * filter path), applied through the router when JavaScript runs.
 */
function PriceRange({
  facet,
  location,
  staged,
}: {
  facet: Facet;
  location: ListingLocation;
  staged?: PanelProps['staged'];
}) {
  const navigate = useNavigate();
  const range = facet.range as NonNullable<Facet['range']>;
  const current = staged ? staged.filter.ranges[facet.code] : location.filter.ranges[facet.code];
  const [from, setFrom] = useState(current?.from != null ? String(current.from) : '');
  const [to, setTo] = useState(current?.to != null ? String(current.to) : '');
  const fromId = useId();
  const toId = useId();
  const query = location.query ?? [];
  const fields = (
    <div className={styles.range}>
      <label htmlFor={fromId} className={styles.rangeField}>
        <span>от</span>
        <input
          id={fromId}
          name="price_from"
          inputMode="numeric"
          autoComplete="off"
          placeholder={String(range.min)}
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          onBlur={() => staged?.range(facet.code, { from: digits(from), to: digits(to) })}
        />
      </label>
      <label htmlFor={toId} className={styles.rangeField}>
        <span>до</span>
        <input
          id={toId}
          name="price_to"
          inputMode="numeric"
          autoComplete="off"
          placeholder={String(range.max)}
          value={to}
          onChange={(e) => setTo(e.target.value)}
          onBlur={() => staged?.range(facet.code, { from: digits(from), to: digits(to) })}
        />
      </label>
    </div>
  );
  if (staged) return fields;
  return (
    <form
      method="get"
      action={hrefWithFilter({ ...location, sort: 'default_desc', query: [] }, location.filter)}
      className={styles.rangeForm}
      onSubmit={(e) => {
        e.preventDefault();
        navigate(
          hrefWithFilter(location, setRange(location.filter, facet.code, { from: digits(from), to: digits(to) })),
          { preventScrollReset: true },
        );
      }}
    >
      {fields}
      {query.map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      {location.sort !== 'default_desc' && <input type="hidden" name="sort" value={location.sort} />}
      <button type="submit" className={styles.apply}>
        Применить
      </button>
    </form>
  );
}
