import { BellRing } from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import { Dialog } from '~/components/ui/Dialog';
import { sendEvent } from '~/lib/analytics';
import { getApi } from '~/lib/api';
import { lazyChunk } from '~/lib/chunks';
import type { ProductOffer } from '../../../../domain/catalog/product/product';
import type { StockSubscriptionView } from '../../../../domain/stock-alerts/stock-alerts.service';
import styles from './StockAlert.module.css';

// The form loads with the first opening: most visitors never open it.
const StockAlertForm = lazyChunk(() => import('./StockAlertForm').then((m) => ({ default: m.StockAlertForm })));

interface Props {
  productId: number;
  productName: string;
  offers: readonly ProductOffer[];
  /** Chooses the size a «came back» link names (`?offer=`). */
  onPick: (offerId: number) => void;
}

/**
 * «Сообщить о поступлении» (issue 44.1) on the product page: the sizes that cannot be bought now offer a
 * subscription. What the visitor already waits for loads after the page (the cached HTML is everyone's), and a visit
 * from the «came back» message chooses its size and is counted (`stock_alert` / `open`).
 */
export function StockAlert({ productId, productName, offers, onPick }: Props) {
  const [open, setOpen] = useState(false);
  const [mine, setMine] = useState<StockSubscriptionView[]>([]);
  const soldOut = offers.filter((o) => !o.canBuy);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per product shown
  useEffect(() => {
    const q = new URLSearchParams(window.location.search);
    const offerId = Number(q.get('offer'));
    if (offerId && offers.some((o) => o.id === offerId && o.canBuy)) onPick(offerId);
    if (q.get('utm_source') === 'stock_alert' && offerId) sendEvent('stock_alert', 'open', { offerId });
  }, [productId]);

  const hasSoldOut = soldOut.length > 0;
  useEffect(() => {
    if (!hasSoldOut) return;
    let live = true;
    getApi('stockSubscriptions', new URLSearchParams({ productId: String(productId) }))
      .then((answer) => {
        if (live && answer.ok) setMine(answer.data.items);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [productId, hasSoldOut]);

  if (!hasSoldOut) return null;
  const waiting = mine.filter((s) => s.state === 'active' || s.state === 'pending');
  const sizesOf = (ids: number[]) =>
    soldOut
      .filter((o) => ids.includes(o.id))
      .map((o) => o.sizeName)
      .join(', ');
  const waitingSizes = sizesOf(waiting.map((s) => s.offerId));
  return (
    <div className={styles.block}>
      <button type="button" className={styles.open} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <BellRing size={18} aria-hidden />
        <span>Сообщить о поступлении</span>
      </button>
      <p className={styles.hint}>
        {waitingSizes
          ? `Вы ждёте ${waiting.length > 1 ? 'размеры' : 'размер'} ${waitingSizes}: сообщим, когда появится.`
          : `Нет нужного размера? Напишем, когда он появится: ${soldOut.map((o) => o.sizeName).join(', ')}.`}
      </p>
      {open && (
        <Dialog open onClose={() => setOpen(false)} title="Сообщить о поступлении">
          <Suspense fallback={<p className={styles.hint}>Загружаем форму…</p>}>
            <StockAlertForm
              productName={productName}
              offers={soldOut}
              waiting={waiting.map((s) => s.offerId)}
              onDone={(s) => setMine((list) => [s, ...list.filter((x) => x.id !== s.id)])}
            />
          </Suspense>
        </Dialog>
      )}
    </div>
  );
}
