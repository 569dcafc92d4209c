import { data } from 'react-router';
import { isDomainError } from '../../domain/errors';
import type { PhotoBoard } from '../../domain/photos/photos';
import { photoMoveInput } from '../../domain/photos/photos.schemas';
import { movedOrder } from '../../domain/photos/photos.service';
import { refused } from '~/lib/admin';

/** What a photo page's form answers: a notice or the refusal's message. */
export interface PhotoFormResult {
  notice?: string;
  error?: string;
}

/** The services a photo page works on: the product's or the shop's. */
export interface PhotoPageOps {
  board(): Promise<PhotoBoard>;
  add(files: Uint8Array[]): Promise<PhotoBoard>;
  order(ids: (number | string)[]): Promise<PhotoBoard>;
  remove(id: number | string): Promise<PhotoBoard>;
  /** The id of a form's `id` field: a number for a product's photo, the file name for a shop's. */
  idOf(value: string): number | string;
}

/** The page's loader: its board, or a 404 page for no such product or shop. */
export async function photoBoard(make: () => PhotoPageOps): Promise<PhotoBoard> {
  try {
    return await make().board();
  } catch (error) {
    if (isDomainError(error) && error.kind === 'not_found') throw data(error.message, { status: 404 });
    throw error;
  }
}

/** The page's one action: `intent` upload, move (up, down, main) or delete; a refusal keeps the page as it was. */
export async function photoAction(request: Request, make: () => PhotoPageOps) {
  let ops: PhotoPageOps;
  try {
    ops = make();
  } catch (error) {
    return refused(error, {} as PhotoFormResult);
  }
  const form = await request.formData().catch(() => null);
  if (!form)
    return data({ error: 'Не удалось прочитать форму: попробуйте ещё раз.' } as PhotoFormResult, { status: 400 });
  const intent = form.get('intent');
  try {
    if (intent === 'upload') {
      const files = form
        .getAll('file')
        .filter((f): f is File => typeof f !== 'string' && (f.size > 0 || f.name !== ''));
      const bytes = await Promise.all(files.map(async (f) => new Uint8Array(await f.arrayBuffer())));
      await ops.add(bytes);
      return { notice: files.length > 1 ? `Загружено фото: ${files.length}.` : 'Фото загружено.' } as PhotoFormResult;
    }
    const id = ops.idOf(String(form.get('id') ?? ''));
    if (intent === 'move') {
      const move = photoMoveInput.safeParse(form.get('move'));
      if (!move.success) return data({ error: move.error.issues[0]?.message } as PhotoFormResult, { status: 400 });
      const board = await ops.board();
      const next = movedOrder(
        board.photos.map((p) => p.id),
        id,
        move.data,
      );
      if (!next)
        return data({ error: 'Это фото туда не передвинуть: обновите страницу.' } as PhotoFormResult, { status: 409 });
      await ops.order(next);
      return { notice: move.data === 'main' ? 'Главное фото изменено.' : 'Порядок фото изменён.' } as PhotoFormResult;
    }
    if (intent === 'delete') {
      await ops.remove(id);
      return { notice: 'Фото удалено.' } as PhotoFormResult;
    }
    return data({ error: 'Неизвестное действие формы.' } as PhotoFormResult, { status: 400 });
  } catch (error) {
    // A file over the limit: the same 413 the API answers.
    if (isDomainError(error) && error.code === 'PHOTO_TOO_LARGE')
      return data({ error: error.message } as PhotoFormResult, { status: 413 });
    return refused(error, {} as PhotoFormResult);
  }
}
