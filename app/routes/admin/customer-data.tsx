import { isCustomerId } from '../../../domain/customers/customers-admin.schemas';
import { DomainError } from '../../../domain/errors';
import { staffPage } from '~/lib/admin';
import { intent, staffAction } from '~/lib/admin-action';
import { cachePolicy } from '../../../contract/cache-policy';
import type { Route } from './+types/customer-data';

/**
 * A customer's data on their written request (152-FZ, issue 45.7): the card's «Скачать данные покупателя» posts
 * here, and the file comes back as a download; the export is audited with the request.
 */
/** Only the card's form posts here: a GET (a typed address, a prefetch) is guarded and refused. */
export async function loader({ request, context }: Route.LoaderArgs) {
  staffPage(request, context, 'customers.edit');
  return new Response('Данные выгружаются формой на карточке покупателя.', {
    status: 405,
    headers: { allow: 'POST', 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'private, no-store' },
  });
}

export const headers = cachePolicy('private');

export const action = staffAction('customers.edit', {
  export: intent({
    async run({ form, context, params }) {
      if (!isCustomerId(params.id)) throw new DomainError('not_found', 'Покупатель не найден.', 'CUSTOMER_NOT_FOUND');
      const file = await context.services.customersAdmin.exportData(
        context.ctx,
        Number(params.id),
        form.text('request'),
      );
      return new Response(JSON.stringify(file, null, 2), {
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'content-disposition': `attachment; filename="customer-${params.id}-dannye.json"`,
          'cache-control': 'private, no-store',
        },
      });
    },
  }),
});
