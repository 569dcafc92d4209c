import { isMensPath } from '../../menu/menu';
import type { Breadcrumb, CodeValue, ProductItem } from '../product/product';
import type { Gender } from './advice';
import type { ReviewShift } from './review-fit';

/*
 * What the size rule needs of a product, apart from the rule itself: the product page reads these at once and loads
 * the rule (product-advice.ts, the size tables) only when the visitor has saved measures.
 */

/** Whose table a product takes (its section in the men's catalogue or not), and what the rule needs of it. */
export function productForAdvice(
  item: ProductItem,
  breadcrumbs: readonly Breadcrumb[],
  reviewShift: ReviewShift | null = null,
): { gender: Gender; product: ProductForAdvice } {
  const section = breadcrumbs[breadcrumbs.length - 1]?.url ?? '';
  return {
    gender: isMensPath(section) ? 'man' : 'woman',
    product: {
      category: item.category,
      modelProps: item.modelProps,
      sizes: item.offers.map((o) => o.sizeName),
      reviewShift,
    },
  };
}

/** Sizes in letters (hats, scarves, gloves) are not in the table. */
export function hasTableSizes(product: ProductForAdvice): boolean {
  return product.sizes.some((s) => /^\d+$/.test(s));
}

export interface ProductForAdvice {
  /** The product's category word, e.g. «пуховик». */
  category: string;
  modelProps: readonly CodeValue[];
  /** The product's size names. */
  sizes: readonly string[];
  /**
   * How the model's published reviews move the size (issue 44.2, `reviewFitShift` on the server: the page carries
   * the verdict, not the rule's code); absent, nothing.
   */
  reviewShift?: ReviewShift | null;
}
