import { reachGoal } from '~/lib/analytics';
import { CATALOG_ELEMENT_PATH } from '../../../contract/api';
import { postPath } from '~/lib/api';
import type { EcommerceProduct } from '~/lib/metrica-ecommerce';
import { withMetrica } from '~/lib/metrica-gate';

/**
 * Reports that a product (one colour) was shown: to the catalogue-element call, which counts it for popularity,
 * and as the spec's `view_item` goal to analytics. Spec §7: PRODUCT_ID is the chosen size's offer (the product
 * while no size is chosen), PARENT_ID the product. Never throws: a lost view must not disturb the shopper.
 */
export function sendProductView(
  view: { productId: number; offerId: number | null; product: EcommerceProduct },
  siteId: string,
): void {
  const { productId, offerId } = view;
  void postPath(CATALOG_ELEMENT_PATH, {
    AJAX: 'Y',
    SITE_ID: siteId,
    PRODUCT_ID: offerId ?? productId,
    PARENT_ID: productId,
  }).catch(() => {});
  reachGoal('view_item', { productId });
  withMetrica((m) => m.metricaEcommerce(m.detailMessage(view.product)));
}
