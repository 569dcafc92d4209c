import { useAdvisedSize } from '~/lib/size-advice';
import { getApi } from '~/lib/api';
import type { ProductPage } from '../../../domain/catalog/product/product';
import { productForAdvice } from '../../../domain/catalog/size/advice-subject';
import { toCard, useLoaded } from './cards';
import { RelatedRow } from './RelatedRow';
import { ViewedRow } from './ViewedRow';
import styles from './ProductRelated.module.css';

/**
 * The product page's rows (issue 44.3): «Похожие» (in the visitor's size when their saved measures give one),
 * «С этим покупают» and «Вы смотрели». All load after the page, so its cached HTML stays the same for everyone.
 */
export function ProductRelated({ page, imgVersion }: { page: ProductPage; imgVersion: string }) {
  const item = page.items.find((i) => i.id === page.currentId) ?? page.items[0];
  const { gender, product } = productForAdvice(item as NonNullable<typeof item>, page.breadcrumbs);
  const advice = useAdvisedSize(gender, product);
  const size = advice ? String(advice.size) : '';
  const productId = page.currentId;
  const rows = useLoaded(async (signal) => {
    const params = new URLSearchParams({ productId: String(productId) });
    if (size) params.set('size', size);
    const answer = await getApi('productRelated', params, { signal });
    return answer.ok
      ? { similar: answer.data.similar.map(toCard), together: answer.data.boughtTogether.map(toCard) }
      : null;
  }, `${productId}:${size}`);
  return (
    <div className={`container ${styles.rows}`}>
      <RelatedRow row="similar" title="Похожие" cards={rows?.similar ?? []} imgVersion={imgVersion} />
      <RelatedRow row="bought_together" title="С этим покупают" cards={rows?.together ?? []} imgVersion={imgVersion} />
      <ViewedRow current={productId} imgVersion={imgVersion} />
    </div>
  );
}

export default ProductRelated;
