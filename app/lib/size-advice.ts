import { useEffect, useState } from 'react';
import type { Gender, Measures, SizeAdvice } from '../../domain/catalog/size/advice';
import { adviseForProduct, type ProductForAdvice } from '../../domain/catalog/size/product-advice';
import { readEntry, writeEntry } from './storage';

/** The visitor's measures, kept a year: the size picker of every product marks the size they give. */
const KEY = 'size-measures';
const LIFETIME_S = 365 * 86400;
const CHANGED = 'shop:size-measures';

export type SavedMeasures = Omit<Measures, 'gender'>;

export function saveMeasures(measures: SavedMeasures): void {
  writeEntry(KEY, measures, LIFETIME_S);
  window.dispatchEvent(new Event(CHANGED));
}

/** The size of this product the visitor's saved measures give, with why; null before measures are saved. */
export function useAdvisedSize(gender: Gender, product: ProductForAdvice): SizeAdvice | null {
  const [measures, setMeasures] = useState<SavedMeasures | null>(null);
  useEffect(() => {
    const read = () => setMeasures(readEntry<SavedMeasures>(KEY));
    read();
    window.addEventListener(CHANGED, read);
    return () => window.removeEventListener(CHANGED, read);
  }, []);
  if (!measures) return null;
  try {
    return adviseForProduct({ gender, ...measures }, product);
  } catch {
    // Measures saved for the other table may not fit this one: then there is simply no advice.
    return null;
  }
}
