import { Link } from 'react-router';
import { cachePolicy } from '../../../contract/cache-policy';
import { ownerId, photoId } from '../../../domain/photos/photos.schemas';
import { PhotoManager } from '~/components/admin/PhotoManager';
import pm from '~/components/admin/PhotoManager.module.css';
import { staffPage } from '~/lib/admin';
import { type PhotoPageOps, photoAction, photoBoard } from '~/lib/admin-photos.server';
import type { Route } from './+types/product-photos';

function ops(context: Route.LoaderArgs['context'], id: string | undefined): PhotoPageOps {
  const { services, ctx } = context;
  const productId = ownerId(id, 'товара');
  return {
    board: () => services.photos.productPhotos(ctx, productId),
    add: (files) => services.photos.addProductPhotos(ctx, productId, files),
    order: (ids) => services.photos.orderProductPhotos(ctx, productId, ids as number[]),
    remove: (photo) => services.photos.deleteProductPhoto(ctx, productId, photo as number),
    idOf: (value) => photoId(value),
  };
}

/** A product's photos (issue 28.1): the main one first, upload, order, delete. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  staffPage(request, context, 'catalog.edit');
  const board = await photoBoard(() => ops(context, params.id));
  return {
    board,
    imgVersion: context.options.imgVersion,
    maxMb: context.services.photos.maxMb,
    confirm: new URL(request.url).searchParams.get('delete'),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  staffPage(request, context, 'catalog.edit');
  return photoAction(request, () => ops(context, params.id));
}

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
        result={actionData}
      />
    </>
  );
}
