import { type Context, Hono } from 'hono';
import { STAFF_API } from '../../../contract/staff-api';
import { DomainError } from '../../../domain/errors';
import type { Services } from '../../../domain/services';
import { ownShopScope, requirePermission } from '../../../domain/staff/permissions';
import { memberId, staffInviteInput, staffLoginInput, staffRoleInput } from '../../../domain/staff/staff.schemas';
import { stream } from 'hono/streaming';
import type { z } from 'zod';
import {
  buyoutInput,
  deskFilterInput,
  handoverInput,
  moveInput,
  noteInput,
  refundInput,
} from '../../../domain/order/desk.schemas';
import { answer } from '../../http/api-layer';
import { parseInput } from '../../http/body';
import type { AppEnv } from '../../http/env';
import type { StaffSessionCookie } from '../../../contract/staff-session';

/** The staff session of a back-office request: `staffGate` sets it on every `/api/v2/admin/` path. */
function staffSession(c: Context<AppEnv>): StaffSessionCookie {
  const session = c.get('staffSession');
  if (!session) throw new Error('staffGate is not in front of the back-office API');
  return session;
}

/** A filter number from the query string: absent is none, anything else must be a whole number. */
function queryId(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^\d{1,9}$/.test(value)) throw new DomainError('validation', `Параметр ${name} — целое число.`, 'INVALID_QUERY');
  return Number(value);
}

/**
 * `/api/v2/admin/*` (issue 25.7): staff login and logout, the staff list, invitations, roles and removals, the audit
 * log.
 */
export function staffApi(services: Services) {
  const api = new Hono<AppEnv>();
  api.post(STAFF_API.login, async (c) => {
    const input = await parseInput(c, staffLoginInput);
    const { staff, token } = await services.staff.logIn(c.get('ctx'), input);
    staffSession(c).start(token);
    return answer(c, {
      staff: { id: staff.id, email: staff.email, name: staff.name, role: staff.role, shopId: staff.shopId },
    });
  });
  api.post(STAFF_API.logout, async (c) => {
    const session = staffSession(c);
    if (session.token) await services.staff.logOut(c.get('ctx'), session.token);
    session.end();
    return answer(c, {});
  });
  api.get(STAFF_API.staff, async (c) => answer(c, { items: await services.staff.list(c.get('ctx')) }));
  api.post(STAFF_API.staff, async (c) => {
    // The permission first: a role that may not learns nothing of the form's checks.
    requirePermission(c.get('ctx'), 'staff.manage');
    const input = await parseInput(c, staffInviteInput);
    return answer(c, { invitation: await services.staff.invite(c.get('ctx'), input) });
  });
  api.post(STAFF_API.staffMember, async (c) => {
    const ctx = c.get('ctx');
    requirePermission(ctx, 'staff.manage');
    const id = memberId(c.req.param('id'));
    const input = await parseInput(c, staffRoleInput);
    return answer(c, { staff: await services.staff.changeRole(ctx, id, input) });
  });
  api.post(STAFF_API.staffRemove, async (c) => {
    const ctx = c.get('ctx');
    requirePermission(ctx, 'staff.manage');
    await services.staff.remove(ctx, memberId(c.req.param('id')));
    return answer(c, {});
  });
  api.get(STAFF_API.audit, async (c) => {
    const ctx = c.get('ctx');
    requirePermission(ctx, 'audit.read');
    const q = c.req.query();
    const items = await services.staff.audit(ctx, {
      entity: q.entity || undefined,
      entityId: q.entityId || undefined,
      staffId: queryId(q.staffId, 'staffId'),
    });
    return answer(c, { items });
  });
  // The orders desk (issue 25.7): the export first, so its path is not read as an order's id.
  api.get(STAFF_API.ordersCsv, async (c) => {
    const ctx = c.get('ctx');
    const filter = parseQuery(c, deskFilterInput);
    const { page: _page, ...all } = filter;
    const chunks = services.orderDesk.exportCsv(ctx, all);
    // The first chunk is read before the answer starts, so a refusal (no right, a bad filter) is a proper 4xx.
    const iterator = chunks[Symbol.asyncIterator]();
    const first = await iterator.next();
    const day = ctx.now().toISOString().slice(0, 10);
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="orders-${day}.csv"`);
    return stream(c, async (out) => {
      if (!first.done) await out.write(first.value);
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) await out.write(next.value);
    });
  });
  api.get(STAFF_API.orders, async (c) =>
    answer(c, await services.orderDesk.list(c.get('ctx'), parseQuery(c, deskFilterInput))),
  );
  api.get(STAFF_API.order, async (c) => answer(c, { order: await services.orderDesk.card(c.get('ctx'), orderId(c)) }));
  api.post(STAFF_API.orderTransition, async (c) => {
    const id = orderId(c);
    requirePermission(c.get('ctx'), 'orders.move', ownShopScope(c.get('ctx')));
    const input = await parseInput(c, moveInput);
    return answer(c, { order: await services.orderDesk.move(c.get('ctx'), id, input) });
  });
  api.post(STAFF_API.orderNotes, async (c) => {
    const id = orderId(c);
    requirePermission(c.get('ctx'), 'orders.move', ownShopScope(c.get('ctx')));
    const { text } = await parseInput(c, noteInput);
    return answer(c, { order: await services.orderDesk.note(c.get('ctx'), id, text) });
  });
  api.post(STAFF_API.orderHandover, async (c) => {
    const id = orderId(c);
    requirePermission(c.get('ctx'), 'orders.move', ownShopScope(c.get('ctx')));
    const { code } = await parseInput(c, handoverInput);
    return answer(c, { order: await services.orderDesk.handover(c.get('ctx'), id, code) });
  });
  api.post(STAFF_API.orderBuyout, async (c) => {
    const id = orderId(c);
    requirePermission(c.get('ctx'), 'orders.move', ownShopScope(c.get('ctx')));
    const { keptLineIds } = await parseInput(c, buyoutInput);
    return answer(c, { order: await services.orderDesk.buyout(c.get('ctx'), id, keptLineIds) });
  });
  api.get(STAFF_API.orderPayments, async (c) =>
    answer(c, { payment: await services.orderDesk.payment(c.get('ctx'), orderId(c)) }),
  );
  api.post(STAFF_API.orderRefunds, async (c) => {
    const id = orderId(c);
    requirePermission(c.get('ctx'), 'orders.refund', ownShopScope(c.get('ctx')));
    const input = await parseInput(c, refundInput);
    return answer(c, { refund: await services.orderDesk.refund(c.get('ctx'), id, input) });
  });
  return api;
}

/** The order's id from the path: a number, or the same «not found» as an order that does not exist. */
function orderId(c: Context<AppEnv>): number {
  const id = c.req.param('id') ?? '';
  if (!/^\d{1,9}$/.test(id)) throw new DomainError('not_found', 'Заказ не найден.', 'ORDER_NOT_FOUND');
  return Number(id);
}

/** The query string read through a schema: a bad filter is a 400 with its Russian message. */
function parseQuery<S extends z.ZodType>(c: Context<AppEnv>, schema: S): z.infer<S> {
  const result = schema.safeParse(c.req.query());
  if (!result.success)
    throw new DomainError('validation', result.error.issues[0]?.message ?? 'Проверьте фильтр.', 'INVALID_QUERY');
  return result.data;
}
