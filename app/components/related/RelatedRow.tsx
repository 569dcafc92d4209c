import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { ProductCard } from '~/components/catalog/ProductCard';
import { sendEvent } from '~/lib/analytics';
import type { ProductCard as Card } from '../../../domain/catalog/listing/card';
import type { RowCode } from './cards';
import styles from './RelatedRow.module.css';

/** Rows already reported as shown on this page view (a page view = this document's location). */
const shown = new Set<string>();

/**
 * A titled horizontal row of listing cards (issue 44.3): a labelled region whose list scrolls sideways by touch,
 * wheel, the arrow buttons, or the keyboard (the list is focusable; Tab walks its links). The first time a row with
 * cards is shown on a page view it records `recommendation`/`show`; a click on a card records `click`.
 */
export function RelatedRow({
  row,
  title,
  cards,
  imgVersion,
  action,
  compact = false,
}: {
  row: RowCode;
  title: string;
  cards: readonly Card[];
  imgVersion: string;
  /** Something under a card (the additions' size and button). */
  action?: (card: Card) => ReactNode;
  /** Smaller cards, more to a row (the additions are small things). */
  compact?: boolean;
}) {
  const headingId = useId();
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (cards.length === 0) return;
    const key = `${window.location.pathname}${window.location.search}#${row}`;
    if (shown.has(key)) return;
    shown.add(key);
    sendEvent('recommendation', 'show', { row });
  }, [row, cards.length]);
  if (cards.length === 0) return null;

  const scroll = (direction: 1 | -1) => {
    const el = list.current;
    if (el) el.scrollBy({ left: direction * el.clientWidth * 0.8, behavior: 'smooth' });
  };
  const onClick = (event: React.MouseEvent) => {
    const target = event.target as HTMLElement;
    if (!target.closest('a')) return;
    const productId = Number(target.closest<HTMLElement>('[data-product-id]')?.dataset.productId);
    if (productId > 0) sendEvent('recommendation', 'click', { row, productId });
  };

  return (
    <section className={styles.row} aria-labelledby={headingId} data-row={row}>
      <div className={styles.head}>
        <h2 id={headingId} className={styles.title}>
          {title}
        </h2>
        <div className={styles.arrows}>
          <button type="button" className={styles.arrow} onClick={() => scroll(-1)} aria-label={`${title}: назад`}>
            <ChevronLeft aria-hidden="true" size={20} />
          </button>
          <button type="button" className={styles.arrow} onClick={() => scroll(1)} aria-label={`${title}: вперёд`}>
            <ChevronRight aria-hidden="true" size={20} />
          </button>
        </div>
      </div>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the click only records which link was followed */}
      <ul
        ref={list}
        className={compact ? `${styles.list} ${styles.compact}` : styles.list}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus so arrow keys scroll it
        tabIndex={0}
        aria-label={title}
        onClick={onClick}
      >
        {cards.map((card) => (
          <li key={card.id} className={styles.item} data-product-id={card.id}>
            <ProductCard card={card} imgVersion={imgVersion} />
            {action?.(card)}
          </li>
        ))}
      </ul>
    </section>
  );
}
