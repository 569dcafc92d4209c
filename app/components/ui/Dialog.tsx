import { X } from 'lucide-react';
import { useId } from 'react';
import styles from './Dialog.module.css';
import { useModalDialog } from './use-modal-dialog';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: React.ReactNode;
  /** 'center' for popups, 'left' for a slide panel, 'menu' for the mobile menu's quicker one (spec §9). */
  variant?: 'center' | 'left' | 'menu';
  id?: string;
}

/** A modal with a title and a close button (see useModalDialog); a click on the backdrop closes it. */
export function Dialog({ open, onClose, title, children, variant = 'center', id }: DialogProps) {
  const ref = useModalDialog(open);
  const titleId = useId();
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; the keyboard closes with Escape (onCancel)
    <dialog
      ref={ref}
      id={id}
      className={`${styles.dialog} ${styles[variant]}`}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      {/* Rendered while closed too: a closed <dialog> shows nothing, and its links stay in the server HTML. */}
      <div className={styles.body}>
        <div className={styles.head}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} onClick={onClose} aria-label="Закрыть">
            <X size={22} aria-hidden />
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
