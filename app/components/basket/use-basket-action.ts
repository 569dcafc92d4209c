import { useState } from 'react';
import type { BasketResult } from '~/lib/basket-store';

/** One basket action at a time per line: busy while it runs, its error message kept for the line to show. */
export function useBasketAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<BasketResult>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    const result = await action();
    // On success the line re-renders from the new basket (or leaves it).
    setBusy(false);
    if (!result.ok) setError(result.message);
  };
  return { busy, error, run };
}
