import { cachePolicy } from '../../../contract/cache-policy';
import { ownerId, photoId } from '../../../domain/photos/photos.schemas';
import { PhotoPage, photoMeta } from '~/components/admin/PhotoManager';
import { type MakeOps, photoAction, photoLoader } from '~/lib/admin-photos.server';
import type { Route } from './+types/product-photos';

const ops: MakeOps = ({ services, ctx }, params) => {
  const productId = ownerId(params.id, 'товара');
  return {
    board: () => services.photos.productPhotos(ctx, productId),
    add: (files) => services.photos.addProductPhotos(ctx, productId, files),
    order: (ids) => services.photos.orderProductPhotos(ctx, productId, ids as number[]),
    remove: (photo) => services.photos.deleteProductPhoto(ctx, productId, photo as number),
    idOf: (value) => photoId(value),
  };
};

/** A product's photos (issue 28.1): the main one first, upload, order, delete. */
export const loader = photoLoader('catalog.edit', ops);
export const action = photoAction('catalog.edit', ops);

export const headers = cachePolicy('private');

export const meta = ({ loaderData }: Route.MetaArgs) => photoMeta('product', loaderData?.board);

export default function ProductPhotos({ loaderData, actionData }: Route.ComponentProps) {
  return <PhotoPage kind="product" {...loaderData} result={actionData} />;
}
