import { useEffect, useState } from 'react';
import type { CardItem } from '../../../contract/catalog';
import type { ProductCard } from '../../../domain/catalog/listing/card';

/** A card of the calls as the listing's card component shows it (its photos as file names). */
export function toCard(item: CardItem): ProductCard {
  return { ...item, images: item.images.map((i) => i.file) };
}

/** Rows' codes as analytics names them (issue 44, contracts). */
export type RowCode = 'similar' | 'bought_together' | 'viewed' | 'additions';

/** What a row's call gave: null while it loads (or when it failed: a row that cannot load is not shown). */
export function useLoaded<T>(load: (signal: AbortSignal) => Promise<T | null>, key: string): T | null {
  const [value, setValue] = useState<T | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names what is loaded
  useEffect(() => {
    const controller = new AbortController();
    setValue(null);
    load(controller.signal)
      .then((v) => {
        if (!controller.signal.aborted) setValue(v);
      })
      .catch(() => {});
    return () => controller.abort();
  }, [key]);
  return value;
}
