import { reachGoal } from '~/lib/analytics';
import { CATALOG_ELEMENT_PATH } from '../../../contract/api';
import { postPath } from '~/lib/api';

/**
 * Reports that a product (one colour) was shown: to the catalogue-element call, which counts it for popularity,
 * and as the spec's `view_item` goal to analytics. Never throws: a lost view must not disturb the shopper.
 */
export function sendProductView(productId: number, siteId: string): void {
  void postPath(CATALOG_ELEMENT_PATH, {
    AJAX: 'Y',
    SITE_ID: siteId,
    PRODUCT_ID: productId,
    PARENT_ID: productId,
  }).catch(() => {});
  reachGoal('view_item', { productId });
}
