import { requireCabinetUser } from '~/lib/cabinet';
import { cachePolicy } from '../../contract/cache-policy';
import type { Route } from './+types/lk.data';

/** «Скачать мои данные» (152-FZ, issue 45.7): the shopper's data as one JSON file, never cached. */
export const headers = cachePolicy('private');

export async function loader({ request, context }: Route.LoaderArgs) {
  requireCabinetUser(request, context);
  const data = await context.services.personalData.myData(context.ctx);
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="vyuga-moi-dannye-${data.exportedAt.slice(0, 10)}.json"`,
      'cache-control': 'private, no-store',
    },
  });
}
