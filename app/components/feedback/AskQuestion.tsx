import { MessageCircleQuestionMark } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Dialog } from '~/components/ui/Dialog';
import { lazyChunk } from '~/lib/chunks';
import styles from './AskQuestion.module.css';

// The form loads with the first opening: the pages that offer it need it only then.
const FeedbackForm = lazyChunk(() => import('./FeedbackForm').then((m) => ({ default: m.FeedbackForm })));

/**
 * The «Задать вопрос» aside block (spec §2) of the product, order and cabinet pages: the contacts page's form in a
 * dialog. Mounted only while open, so each opening measures its own fill time.
 */
export function AskQuestion({ orderNumber, about }: { orderNumber?: string; about: string }) {
  const [open, setOpen] = useState(false);
  return (
    <aside className={styles.block} aria-label="Задать вопрос">
      <p className={styles.text}>{about}</p>
      <button type="button" className={styles.open} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <MessageCircleQuestionMark size={18} aria-hidden />
        <span>Задать вопрос</span>
      </button>
      {open && (
        <Dialog open onClose={() => setOpen(false)} title="Задать вопрос">
          <div className={styles.body}>
            <Suspense fallback={<p className={styles.text}>Загружаем форму…</p>}>
              <FeedbackForm orderNumber={orderNumber} />
            </Suspense>
          </div>
        </Dialog>
      )}
    </aside>
  );
}
