import { cachePolicy } from '../../../contract/cache-policy';
import { ownerId } from '../../../domain/photos/photos.schemas';
import { PhotoPage, photoMeta } from '~/components/admin/PhotoManager';
import { type MakeOps, photoAction, photoLoader } from '~/lib/admin-photos.server';
import type { Route } from './+types/shop-photos';

const ops: MakeOps = ({ services, ctx }, params) => {
  const shopId = ownerId(params.id, 'магазина');
  return {
    board: () => services.photos.shopPhotos(ctx, shopId),
    add: (files) => services.photos.addShopPhotos(ctx, shopId, files),
    order: (ids) => services.photos.orderShopPhotos(ctx, shopId, ids as string[]),
    remove: (photo) => services.photos.deleteShopPhoto(ctx, shopId, photo as string),
    idOf: (value) => value,
  };
};

/** A shop's photos (issue 28.4): the first is the shop page's main one, upload, order, delete. */
export const loader = photoLoader('content.edit', ops);
export const action = photoAction('content.edit', ops);

export const headers = cachePolicy('private');

export const meta = ({ loaderData }: Route.MetaArgs) => photoMeta('shop', loaderData?.board);

export default function ShopPhotos({ loaderData, actionData }: Route.ComponentProps) {
  return <PhotoPage kind="shop" {...loaderData} result={actionData} />;
}
