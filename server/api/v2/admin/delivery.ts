import type { Context } from 'hono';
import { STAFF_API } from '../../../../contract/staff-api';
import {
  deliveryQueueInput,
  shipmentActionInput,
  shipmentCancelInput,
} from '../../../../domain/delivery/shipments.schemas';
import { DomainError } from '../../../../domain/errors';
import type { Services } from '../../../../domain/services';
import { answer } from '../../../http/api-layer';
import { parseInput } from '../../../http/body';
import type { AppEnv } from '../../../http/env';
import { pathNumber, queryOf, staffCalls } from './kit';

const orderId = (c: Context<AppEnv>) =>
  pathNumber(c, () => new DomainError('not_found', 'Заказ не найден.', 'ORDER_NOT_FOUND'));

/** `/api/v2/admin/orders/:id/shipment/*` and `/api/v2/admin/delivery/` (issue 42.7, 42.9): parcels with the carrier. */
export function deliveryAdminApi(services: Services) {
  const calls = staffCalls();
  const { shipments } = services;
  calls.get(STAFF_API.delivery, 'orders.read', async (c) => {
    const { queue, day } = queryOf(c, deliveryQueueInput);
    return answer(c, { queue, items: await shipments.desk(c.get('ctx'), queue, day) });
  });
  calls.get(STAFF_API.orderShipment, 'orders.read', async (c) =>
    answer(c, await shipments.card(c.get('ctx'), orderId(c))),
  );
  calls.writeTo(STAFF_API.orderShipmentRegister, 'orders.move', orderId, shipmentActionInput, async (ctx, id) => ({
    shipment: await shipments.register(ctx, id),
  }));
  calls.writeTo(STAFF_API.orderShipmentCancel, 'orders.move', orderId, shipmentCancelInput, async (ctx, id, input) => ({
    shipment: await shipments.cancel(ctx, id, input.reason),
  }));
  calls.writeTo(STAFF_API.orderShipmentReceived, 'orders.move', orderId, shipmentActionInput, async (ctx, id) => ({
    shipment: await shipments.received(ctx, id),
  }));
  // The label is a file, not an envelope: a plain form posts here and the browser opens the PDF.
  calls.post(STAFF_API.orderShipmentLabel, 'orders.move', async (c) => {
    const id = orderId(c);
    await parseInput(c, shipmentActionInput);
    const { number, pdf } = await shipments.label(c.get('ctx'), id);
    c.header('Cache-Control', 'no-store');
    c.header('Content-Type', 'application/pdf');
    c.header('Content-Disposition', `inline; filename="label-${number.replace(/[^\w-]/g, '')}.pdf"`);
    return c.body(pdf as Uint8Array<ArrayBuffer>);
  });
  return calls.api;
}
