import { Link } from 'react-router';
import { cachePolicy } from '../../../contract/cache-policy';
import { ownerId, photoId } from '../../../domain/photos/photos.schemas';
import { PhotoManager } from '~/components/admin/PhotoManager';
import pm from '~/components/admin/PhotoManager.module.css';
import type { FormOutcome } from '~/lib/admin-action';
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

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `Фото: ${loaderData?.board.owner.name ?? 'товар'} — ВЬЮГА` },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function ProductPhotos({ loaderData, actionData }: Route.ComponentProps) {
  const { board } = loaderData;
  return (
    <>
      <p className={pm.back}>
        <Link to={`/admin/products/${board.owner.id}/`}>← К карточке товара</Link>
        {' · '}
        <a href={board.owner.href}>Страница товара на сайте</a>
      </p>
      <h1>Фото товара «{board.owner.name}»</h1>
      <PhotoManager
        board={board}
        kind="product"
        imgVersion={loaderData.imgVersion}
        maxMb={loaderData.maxMb}
        confirm={loaderData.confirm}
        result={actionData as FormOutcome | undefined}
      />
    </>
  );
}
