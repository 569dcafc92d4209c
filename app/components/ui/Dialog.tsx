import { X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { lockScroll } from '~/lib/scroll-lock';
import styles from './Dialog.module.css';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: React.ReactNode;
  /** 'center' for popups, 'left' for the mobile slide panel. */
  variant?: 'center' | 'left';
  id?: string;
}

/**
 * A modal on the native <dialog>: the browser traps focus, closes on Escape and returns focus.
 * Each open dialog takes a body scroll lock; a click on the backdrop closes it.
 */
export function Dialog({ open, onClose, title, children, variant = 'center', id }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement as HTMLElement | null;
    dialog.showModal();
    const unlock = lockScroll();
    return () => {
      unlock();
      if (dialog.open) dialog.close();
      opener?.focus?.();
    };
  }, [open]);
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
            <h2 id={titleId} className={styles.title}>{title}</h2>
            <button type="button" className={styles.close} onClick={onClose} aria-label="Закрыть">
              <X size={22} aria-hidden />
            </button>
          </div>
          {children}
      </div>
    </dialog>
  );
}
