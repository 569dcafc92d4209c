import { redirect } from 'react-router';
import { intent, staffAction } from '~/lib/admin-action';
import { cachePolicy } from '../../../contract/cache-policy';
import { orderIds } from '../../../domain/order/bulk';

export const headers = cachePolicy('private');

/**
 * «Печать одним PDF» of the orders list (issue 47.7): the chosen orders' packing lists and labels in one PDF file —
 * the carriers' own labels fetched as the card's «Этикетка (PDF)» fetches them (its permission, its audit entry), the
 * shop's label for the rest. Guarded as the HTML print is (`orders.read`, a shop's staff their shop's orders); posted,
 * since a carrier's label is an audited fetch. The orders left without a label are on the file's first page and in
 * `X-Labels-Missing` (their numbers); those not found or not the member's, in `X-Orders-Missing`.
 */
export const action = staffAction('orders.read', {
  pdf: intent({
    read: (form) => form.list('ids').join(','),
    schema: orderIds,
    async run({ input, context }) {
      const made = await context.services.ordersPdf.print(context.ctx, input);
      const day = context.ctx.now().toISOString().slice(0, 10);
      return new Response(made.pdf as Uint8Array<ArrayBuffer>, {
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `inline; filename="orders-${day}.pdf"`,
          'Cache-Control': 'no-store',
          'X-Orders-Printed': String(made.count),
          'X-Labels-Missing': made.noLabel.map((m) => m.number).join(','),
          'X-Orders-Missing': made.missing.join(','),
        },
      });
    },
  }),
});

/** Opened by address, it leads back to the list. */
export function loader() {
  return redirect('/admin/orders/');
}
