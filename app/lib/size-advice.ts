import { useEffect, useState } from 'react';
import type { Gender, Measures, SizeAdvice } from '../../domain/catalog/size/advice';
import type { ProductForAdvice } from '../../domain/catalog/size/advice-subject';
import type { adviseForProduct } from '../../domain/catalog/size/product-advice';
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

type Rule = typeof adviseForProduct;

/**
 * The size of this product the visitor's saved measures give, with why; null before measures are saved. The rule
 * and its size tables load only for a visitor who has saved measures: most product views carry none of it.
 */
export function useAdvisedSize(gender: Gender, product: ProductForAdvice): SizeAdvice | null {
  const [measures, setMeasures] = useState<SavedMeasures | null>(null);
  const [rule, setRule] = useState<Rule | null>(null);
  useEffect(() => {
    const read = () => setMeasures(readEntry<SavedMeasures>(KEY));
    read();
    window.addEventListener(CHANGED, read);
    return () => window.removeEventListener(CHANGED, read);
  }, []);
  useEffect(() => {
    if (!measures || rule) return;
    void import('../../domain/catalog/size/product-advice').then((m) => setRule(() => m.adviseForProduct));
  }, [measures, rule]);
  if (!measures || !rule) return null;
  try {
    return rule({ gender, ...measures }, product);
  } catch {
    // Measures saved for the other table may not fit this one: then there is simply no advice.
    return null;
  }
}
