import { formatPrice } from '../../../domain/pricing/price';

/** «от 12 990 руб.» beside a menu entry (spec §2). */
export function MenuPrice({ kopecks, className }: { kopecks: number | null; className?: string }) {
  if (kopecks == null) return null;
  return <span className={`price ${className ?? ''}`}>{`от ${formatPrice(kopecks)}`}</span>;
}
