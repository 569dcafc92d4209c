import { ArrowUp } from 'lucide-react';
import { animateScrollTo, useHeaderScroll } from '~/lib/scroll';
import styles from './ScrollUpButton.module.css';

export function ScrollUpButton() {
  const { showScrollUp } = useHeaderScroll();
  if (!showScrollUp) return null;
  return (
    <button type="button" className={styles.button} aria-label="Наверх" onClick={() => animateScrollTo(0)}>
      <ArrowUp size={20} aria-hidden />
    </button>
  );
}
