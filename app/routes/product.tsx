import { useState } from 'react';
import { data, redirect } from 'react-router';
import { ProductView } from '~/components/product/ProductView';
import { LazyProductRelated } from '~/components/related/lazy';
import { cachePolicy } from '../../contract/cache-policy';
import type { Route } from './+types/product';
import { reviewFitShift } from '../../domain/catalog/size/review-fit';
import { productTag } from '../../domain/cache-tags';
import { reviewsPayload } from '../../contract/reviews';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const page = await context.services.product.byCode(params.code);
  if (!page) throw data(null, { status: 404 });
  for (const colour of page.items) context.cacheTags.add(productTag(colour.id));
  const url = new URL(request.url);
  const item = page.items.find((i) => i.id === page.currentId);
  // One address per product: `/product/x` and other spellings go to the canonical `/product/x/`.
  if (item && url.pathname !== item.url) throw redirect(`${item.url}${url.search}`, 301);
  // Reviews (issue 44.2): the colours' ratings and the first page of this colour's, the same for everyone; a change
  // moves the product's rating columns or sends its tag, which drops the cached page.
  const [ratings, firstReviews] = await Promise.all([
    context.services.publishedReviews.ratings(page.items.map((i) => i.id)),
    context.services.publishedReviews.page({ productId: page.currentId }),
  ]);
  const reviews = reviewsPayload(firstReviews, context.options.imgVersion);
  // The model's reviews' fit moves the size advice: the rule runs here, the page carries its verdict, not its code.
  const reviewShift = reviewFitShift(firstReviews.fit);
  return {
    page,
    origin: context.siteUrl,
    imgVersion: context.options.imgVersion,
    siteId: context.options.siteId,
    reviewShift,
    ratings,
    reviews,
  };
}

// Title, description, keywords and the social tags are rendered by the page itself (React hoists them into
// <head>), so switching colour updates them without a reload.
export const headers = cachePolicy('public');

export function meta() {
  return [];
}

export default function ProductRoute({ loaderData }: Route.ComponentProps) {
  // A new product from a link is a new page: its state (colour, size, open dialogs) starts afresh.
  return <ProductWithRows key={loaderData.page.currentId} {...loaderData} />;
}

/**
 * The product and the rows after it. Choosing a colour stays on the page (the address follows it); the rows follow
 * the chosen colour too: «Похожие» and «С этим покупают» are loaded again for it, «Вы смотрели» leaves it out.
 */
function ProductWithRows(props: Route.ComponentProps['loaderData']) {
  const [colourId, setColourId] = useState(props.page.currentId);
  return (
    <>
      <ProductView {...props} onColourChange={setColourId} />
      {/* Issue 44.3: «Похожие», «С этим покупают», «Вы смотрели», loaded after the page. */}
      <LazyProductRelated page={{ ...props.page, currentId: colourId }} imgVersion={props.imgVersion} />
    </>
  );
}
