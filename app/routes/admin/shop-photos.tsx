import { Link } from 'react-router';
import { cachePolicy } from '../../../contract/cache-policy';
import { ownerId } from '../../../domain/photos/photos.schemas';
import { PhotoManager } from '~/components/admin/PhotoManager';
import pm from '~/components/admin/PhotoManager.module.css';
import type { FormOutcome } from '~/lib/admin-action';
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

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `Фото: ${loaderData?.board.owner.name ?? 'магазин'} — ВЬЮГА` },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function ProductPhotos({ loaderData, actionData }: Route.ComponentProps) {
  const { board } = loaderData;
  return (
    <>
      <p className={pm.back}>
        <Link to={`/admin/shops/${board.owner.id}/`}>← К карточке магазина</Link>
        {' · '}
        <a href={board.owner.href}>Страница магазина на сайте</a>
      </p>
      <h1>Фото магазина «{board.owner.name}»</h1>
      <PhotoManager
        board={board}
        kind="shop"
        imgVersion={loaderData.imgVersion}
        maxMb={loaderData.maxMb}
        confirm={loaderData.confirm}
        result={actionData as FormOutcome | undefined}
      />
    </>
  );
}
