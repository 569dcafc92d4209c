import { type Context, Hono } from 'hono';
import { STAFF_API } from '../../../contract/api';
import { DomainError } from '../../../domain/errors';
import type { Services } from '../../../domain/services';
import { requirePermission } from '../../../domain/staff/permissions';
import { memberId, staffInviteInput, staffLoginInput, staffRoleInput } from '../../../domain/staff/staff.schemas';
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
  return api;
}
