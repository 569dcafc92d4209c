import { redirect } from 'react-router';
import { intent, staffAction } from '~/lib/admin-action';
import { orderId } from '~/lib/admin-orders';
import { cachePolicy } from '../../../contract/cache-policy';
import type { Route } from './+types/order-label';

export const headers = cachePolicy('private');

/** The card's «Этикетка (PDF)» button posts here: the carrier's label as a file, audited (issue 42.7). */
export const action = staffAction('orders.move', {
  label: intent({
    async run({ context, params }) {
      const { number, pdf } = await context.services.shipments.label(context.ctx, orderId(params.id));
      return new Response(pdf as Uint8Array<ArrayBuffer>, {
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `inline; filename="label-${number.replace(/[^\w-]/g, '')}.pdf"`,
          'Cache-Control': 'no-store',
        },
      });
    },
  }),
});

/** Opened by address, it leads back to the card. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/admin/orders/${params.id}/`);
}
