import type { Context } from 'hono';
import { STAFF_API } from '../../../../contract/staff-api';
import type { StaffSessionCookie } from '../../../../contract/staff-session';
import type { Services } from '../../../../domain/services';
import { memberId, staffInviteInput, staffLoginInput, staffRoleInput } from '../../../../domain/staff/staff.schemas';
import { answer } from '../../../http/api-layer';
import { parseInput } from '../../../http/body';
import { newSessionId } from '../../../http/session';
import type { AppEnv } from '../../../http/env';
import { staffCalls } from './kit';
import { DomainError } from '../../../../domain/errors';

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

/** `/api/v2/admin/` staff calls (issue 25.7): login and logout, the team, invitations, roles, removals, the audit log. */
export function staffAdminApi(services: Services) {
  const calls = staffCalls();
  calls.post(STAFF_API.login, 'open', async (c) => {
    const input = await parseInput(c, staffLoginInput);
    const { staff, token } = await services.staffAccounts.logIn(c.get('ctx'), input);
    staffSession(c).start(token);
    // The visitor cookie sent in may have been planted, and its sessid known: the login goes on with a new one.
    const sessid = c.get('session').renew(newSessionId());
    return answer(c, {
      staff: { id: staff.id, email: staff.email, name: staff.name, role: staff.role, shopId: staff.shopId },
      sessid,
    });
  });
  calls.post(STAFF_API.logout, 'account.manage', async (c) => {
    const session = staffSession(c);
    if (session.token) await services.staffAccounts.logOut(c.get('ctx'), session.token);
    session.end();
    return answer(c, {});
  });
  calls.get(STAFF_API.staff, 'staff.manage', async (c) =>
    answer(c, { items: await services.staffTeam.list(c.get('ctx')) }),
  );
  calls.write(STAFF_API.staff, 'staff.manage', staffInviteInput, async (ctx, input) => ({
    invitation: await services.staffTeam.invite(ctx, input),
  }));
  calls.writeTo(
    STAFF_API.staffMember,
    'staff.manage',
    (c) => memberId(c.req.param('id')),
    staffRoleInput,
    async (ctx, id, input) => ({ staff: await services.staffTeam.changeRole(ctx, id, input) }),
  );
  calls.post(STAFF_API.staffRemove, 'staff.manage', async (c) => {
    await services.staffTeam.remove(c.get('ctx'), memberId(c.req.param('id')));
    return answer(c, {});
  });
  calls.get(STAFF_API.audit, 'audit.read', async (c) => {
    const q = c.req.query();
    const items = await services.staffTeam.audit(c.get('ctx'), {
      entity: q.entity || undefined,
      entityId: q.entityId || undefined,
      staffId: queryId(q.staffId, 'staffId'),
    });
    return answer(c, { items });
  });
  return calls.api;
}
