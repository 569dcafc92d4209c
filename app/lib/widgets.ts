/**
 * Spec §7 «Also loaded»: the chat and marketing widgets' scripts come after the page has loaded and the browser is
 * idle, so a third party never delays the first paint, hydration or the shopper's first click. Each loads once per
 * visit of the page, whatever the client navigations.
 */
const added = new Set<string>();

/** How long an idle moment may be waited for before the widgets load anyway (a page that never stops working). */
const WIDGETS_IDLE_TIMEOUT_MS = 5000;

function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: WIDGETS_IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(id);
  }
  // Safari has no idle callback: a moment after load is its nearest.
  const id = setTimeout(run, 1);
  return () => clearTimeout(id);
}

/** Adds each widget's script after `load` and an idle moment; the returned function cancels what has not run yet. */
export function loadWidgetsWhenIdle(scripts: readonly string[]): () => void {
  if (scripts.length === 0) return () => {};
  let cancelIdle = () => {};
  const start = () => {
    cancelIdle = whenIdle(() => {
      for (const src of scripts) {
        if (added.has(src)) continue;
        added.add(src);
        const script = document.createElement('script');
        script.src = src;
        script.async = true;
        document.body.append(script);
      }
    });
  };
  if (document.readyState === 'complete') {
    start();
    return () => cancelIdle();
  }
  window.addEventListener('load', start, { once: true });
  return () => {
    window.removeEventListener('load', start);
    cancelIdle();
  };
}
