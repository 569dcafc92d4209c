/**
 * Body scroll locks that stack: each open overlay takes one, the page scrolls again when the last is
 * released, and the scroll position is restored where it was.
 */
let depth = 0;
let savedY = 0;

export function lockScroll(): () => void {
  if (depth === 0) {
    savedY = window.scrollY;
    document.body.style.top = `-${savedY}px`;
    document.body.classList.add('scroll-locked');
  }
  depth++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    depth--;
    if (depth === 0) {
      document.body.classList.remove('scroll-locked');
      document.body.style.top = '';
      window.scrollTo(0, savedY);
    }
  };
}

export function scrollLockDepth(): number {
  return depth;
}
