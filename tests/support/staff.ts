import { expect } from 'vitest';
import { STAFF_API } from '../../contract/staff-api';
import type { StaffRole } from '../../domain/staff/staff-member';
import { STAFF_COOKIE } from '../../server/http/staff-session';
import { newVisitor, SHOP_ORIGIN, type TestApp } from './test-app';

export const STAFF_PASSWORD = 'метель-за-окном-42';

/**
 * A staff member made as the console makes one: an invitation, then its link accepted; 1C's account (role
 * `exchange`, the address its login) as the console makes that.
 */
export async function addStaff(
  app: TestApp,
  member: { email: string; role: StaffRole; shopId?: number },
  now: () => Date = () => new Date(),
): Promise<void> {
  if (member.role === 'exchange') {
    await app.services.staffTeam.createExchangeAccount(
      { client: 'test', now },
      { login: member.email, password: STAFF_PASSWORD },
    );
    return;
  }
  const ctx = { actor: { kind: 'visitor' } as const, client: 'test', now };
  const { link } = await app.services.staffTeam.inviteFromConsole(ctx, { name: '', ...member });
  const token = new URL(link).searchParams.get('token') ?? '';
  await app.services.staffTeam.acceptInvite(ctx, token, {
    name: member.email.split('@')[0] ?? 'Сотрудник',
    password: STAFF_PASSWORD,
  });
}

/** A browser of a staff member: the visitor cookie and, after a login, the staff cookie too. */
export interface StaffBrowser {
  cookie: string;
  sessid: string;
  get(path: string): Promise<Response>;
  /** A JSON call with the sessid. */
  call(path: string, body?: Record<string, unknown>): Promise<Response>;
  /** A page form posted from the shop's own page. */
  form(path: string, fields: Record<string, string>): Promise<Response>;
}

export function staffCookieOf(res: Response): string | null {
  const header = res.headers.getSetCookie().find((c) => c.startsWith(`${STAFF_COOKIE}=`));
  const value = header?.split(';')[0]?.slice(STAFF_COOKIE.length + 1);
  return value ? value : null;
}

export async function staffBrowser(
  app: TestApp,
): Promise<StaffBrowser & { login(body: Record<string, unknown>): Promise<Response> }> {
  const visitor = await newVisitor(app);
  let staff: string | null = null;
  const cookie = () => (staff ? `${visitor.cookie}; ${STAFF_COOKIE}=${staff}` : visitor.cookie);
  const keep = (res: Response) => {
    const set = res.headers.getSetCookie().find((c) => c.startsWith(`${STAFF_COOKIE}=`));
    if (set) staff = staffCookieOf(res);
    return res;
  };
  const browser = {
    get cookie() {
      return cookie();
    },
    sessid: visitor.sessid,
    get: async (path: string) => keep(await app.fetch(path, { headers: { cookie: cookie() }, redirect: 'manual' })),
    call: async (path: string, body: Record<string, unknown> = {}) =>
      keep(
        await app.fetch(path, {
          method: 'POST',
          headers: { cookie: cookie(), 'content-type': 'application/json' },
          body: JSON.stringify({ sessid: visitor.sessid, ...body }),
        }),
      ),
    form: async (path: string, fields: Record<string, string>) =>
      keep(
        await app.fetch(path, {
          method: 'POST',
          headers: { cookie: cookie(), origin: SHOP_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(fields).toString(),
          redirect: 'manual',
        }),
      ),
    login: (body: Record<string, unknown>) => browser.call(STAFF_API.login, body),
  };
  return browser;
}

/** A member's browser logged in with the tests' password (the login's 200 checked). */
export async function loggedInStaff(app: TestApp, email: string) {
  const browser = await staffBrowser(app);
  expect((await browser.login({ email, password: STAFF_PASSWORD })).status).toBe(200);
  return browser;
}
