import { reachGoal } from '~/lib/analytics';
import { postApi } from '~/lib/api';

/** Spec §7: the platform's catalogue-element endpoint; its answer is not read. */
export const CATALOG_ELEMENT_URL = '/bitrix/components/bitrix/catalog.element/ajax.php';

/**
 * Reports that a product (one colour) was shown: to the catalogue-element call, which counts it for popularity,
 * and as the spec's `view_item` goal to analytics. Never throws: a lost view must not disturb the shopper.
 */
export function sendProductView(productId: number, siteId: string): void {
  void postApi(CATALOG_ELEMENT_URL, { AJAX: 'Y', SITE_ID: siteId, PRODUCT_ID: productId, PARENT_ID: productId }).catch(
    () => {},
  );
  reachGoal('view_item', { productId });
}
