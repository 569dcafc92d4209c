import { type AppLoadContext, data, type Params } from 'react-router';
import { DomainError, isDomainError } from '../../domain/errors';
import type { PhotoBoard } from '../../domain/photos/photos';
import { photoMoveInput } from '../../domain/photos/photos.schemas';
import { movedOrder } from '../../domain/photos/photos.service';
import type { StaffAction } from '../../domain/staff/permissions';
import { staffPage } from './admin';
import { intent, staffAction } from './admin-action';

/** The services a photo page works on: the product's or the shop's. */
export interface PhotoPageOps {
  board(): Promise<PhotoBoard>;
  add(files: Uint8Array[]): Promise<PhotoBoard>;
  order(ids: (number | string)[]): Promise<PhotoBoard>;
  remove(id: number | string): Promise<PhotoBoard>;
  /** The id of a form's `id` field: a number for a product's photo, the file name for a shop's. */
  idOf(value: string): number | string;
}

export type MakeOps = (context: AppLoadContext, params: Params) => PhotoPageOps;

/** A photo page's loader: its board, or a 404 page for no such product or shop. */
export function photoLoader(permission: StaffAction, make: MakeOps) {
  return async ({ request, context, params }: { request: Request; context: AppLoadContext; params: Params }) => {
    staffPage(request, context, permission);
    try {
      return {
        board: await make(context, params).board(),
        imgVersion: context.options.imgVersion,
        maxMb: context.services.photos.maxMb,
        confirm: new URL(request.url).searchParams.get('delete'),
      };
    } catch (error) {
      if (isDomainError(error) && error.kind === 'not_found') throw data(error.message, { status: 404 });
      throw error;
    }
  };
}

/** A photo page's action: upload, move (up, down, main) or delete (confirmed on its own page first). */
export function photoAction(permission: StaffAction, make: MakeOps) {
  return staffAction(permission, {
    upload: intent({
      async run({ form, context, params }) {
        const files = form.files('file').filter((f) => f.size > 0 || f.name !== '');
        const bytes = await Promise.all(files.map(async (f) => new Uint8Array(await f.arrayBuffer())));
        await make(context, params).add(bytes);
        return files.length > 1 ? `Загружено фото: ${files.length}.` : 'Фото загружено.';
      },
    }),
    move: intent({
      read: (form) => form.text('move'),
      schema: photoMoveInput,
      async run({ input, form, context, params }) {
        const ops = make(context, params);
        const id = ops.idOf(form.text('id'));
        const board = await ops.board();
        const next = movedOrder(
          board.photos.map((p) => p.id),
          id,
          input,
        );
        if (!next)
          throw new DomainError('conflict', 'Это фото туда не передвинуть: обновите страницу.', 'PHOTO_NOT_MOVED');
        await ops.order(next);
        return input === 'main' ? 'Главное фото изменено.' : 'Порядок фото изменён.';
      },
    }),
    delete: intent({
      async run({ form, context, params }) {
        const ops = make(context, params);
        await ops.remove(ops.idOf(form.text('id')));
        return 'Фото удалено.';
      },
    }),
  });
}
