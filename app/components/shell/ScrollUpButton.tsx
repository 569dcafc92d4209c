import { ArrowUp } from 'lucide-react';
import { useHeaderScroll } from '~/lib/scroll';
import styles from './ScrollUpButton.module.css';

export function ScrollUpButton() {
  const { showScrollUp } = useHeaderScroll();
  if (!showScrollUp) return null;
  const reduce = typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  return (
    <button
      type="button"
      className={styles.button}
      aria-label="Наверх"
      onClick={() => window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' })}
    >
      <ArrowUp size={20} aria-hidden />
    </button>
  );
}
