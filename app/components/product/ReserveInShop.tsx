import { Store } from 'lucide-react';
import { Suspense, useState } from 'react';
import type { ProductOffer } from '../../../domain/catalog/product/product';
import { Dialog } from '~/components/ui/Dialog';
import { lazyChunk } from '~/lib/chunks';
import styles from './ReserveInShop.module.css';

/** The form is fetched when the dialog first opens: most shoppers never open it, and it is a tenth of the page's script. */
const ReserveForm = lazyChunk(() => import('./ReserveForm').then((m) => ({ default: m.ReserveForm })));

/**
 * «Забрать в магазине» (issue 10 point 4): for the chosen size, the shops of the visitor's city that put items aside,
 * with how many they have and when it can be collected; the shopper picks one, confirms the phone by SMS code and
 * gets the order's number. The reservation is an order of type SHOP made by the checkout's own order path.
 */
export function ReserveInShop({ productName, offer }: { productName: string; offer: ProductOffer | null }) {
  const [open, setOpen] = useState(false);
  const [hint, setHint] = useState('');
  return (
    <div className={styles.wrap}>
      <button
        type="button"
        className={styles.open}
        aria-haspopup="dialog"
        aria-describedby={hint ? 'reserve-hint' : undefined}
        onClick={() => (offer ? setOpen(true) : setHint('Выберите размер, чтобы забрать его в магазине.'))}
      >
        <Store size={18} aria-hidden />
        <span>Забрать в магазине</span>
      </button>
      {hint && !offer && (
        <p id="reserve-hint" className={styles.hint} role="alert">
          {hint}
        </p>
      )}
      {/* Mounted only while open: each opening is a new attempt with its own idempotency key. */}
      {open && offer && (
        <Dialog open onClose={() => setOpen(false)} title="Забрать в магазине">
          <Suspense
            fallback={
              <p className={styles.muted} role="status">
                Загружаем магазины…
              </p>
            }
          >
            <ReserveForm productName={productName} offer={offer} />
          </Suspense>
        </Dialog>
      )}
    </div>
  );
}
