import { useEffect, useRef } from 'react';
import { lockScroll } from '~/lib/scroll-lock';

/**
 * Shows a native <dialog> as a modal while `open`: the browser traps focus and turns Escape into `cancel`.
 * Each open dialog takes a body scroll lock, and on closing focus goes back to what had it before.
 */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
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
  return ref;
}
