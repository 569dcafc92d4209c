import { Link } from 'react-router';
import { cachePolicy } from '../../../contract/cache-policy';
import { ownerId } from '../../../domain/photos/photos.schemas';
import { PhotoManager } from '~/components/admin/PhotoManager';
import pm from '~/components/admin/PhotoManager.module.css';
import { staffPage } from '~/lib/admin';
import { type PhotoPageOps, photoAction, photoBoard } from '~/lib/admin-photos.server';
import type { Route } from './+types/shop-photos';

function ops(context: Route.LoaderArgs['context'], id: string | undefined): PhotoPageOps {
  const { services, ctx } = context;
  const shopId = ownerId(id, 'магазина');
  return {
    board: () => services.photos.shopPhotos(ctx, shopId),
    add: (files) => services.photos.addShopPhotos(ctx, shopId, files),
    order: (ids) => services.photos.orderShopPhotos(ctx, shopId, ids as string[]),
    remove: (photo) => services.photos.deleteShopPhoto(ctx, shopId, photo as string),
    idOf: (value) => value,
  };
}

/** A shop's photos (issue 28.4): the first is the shop page's main one, upload, order, delete. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  staffPage(request, context, 'content.edit');
  const board = await photoBoard(() => ops(context, params.id));
  return {
    board,
    imgVersion: context.options.imgVersion,
    maxMb: context.services.photos.maxMb,
    confirm: new URL(request.url).searchParams.get('delete'),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  staffPage(request, context, 'content.edit');
  return photoAction(request, () => ops(context, params.id));
}

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
        result={actionData}
      />
    </>
  );
}
