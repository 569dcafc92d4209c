import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { STAFF_COOKIE } from '../http/staff-session';
import { streamSSE } from 'hono/streaming';
import { ADMIN_API, API } from '../../contract/api';
import { RELOAD_COMMAND } from '../../domain/push/commands';
import { answer } from '../http/api-layer';
import type { AppEnv } from '../http/env';
import { HttpError } from '../http/errors';
import type { PushHub } from './hub';

/** An idle stream gets a comment this often, so proxies and the browser keep it open. */
const KEEPALIVE_MS = 25_000;
/** How long a browser waits before connecting again after a drop. */
const RETRY_MS = 3_000;

/** `GET /api/v2/push/` (text/event-stream): every open page listens here (spec §4 `COMMAND_NEED_RELOAD`). */
export function pushApi(hub: PushHub) {
  const api = new Hono<AppEnv>();
  api.get(API.push, (c) =>
    streamSSE(c, async (stream) => {
      await stream.writeSSE({ event: 'ready', data: '', retry: RETRY_MS });
      let done = () => {};
      const ended = new Promise<void>((resolve) => {
        done = resolve;
      });
      const keepalive = setInterval(() => {
        stream.write(': ping\n\n').catch(done);
      }, KEEPALIVE_MS);
      keepalive.unref();
      const unsubscribe = hub.subscribe({
        send: (command) => {
          // Only the pages' own commands: the staff's count changes (issue 47.1) go to the staff's stream.
          if (command !== RELOAD_COMMAND) return;
          stream.writeSSE({ event: 'command', data: command }).catch(done);
        },
        end: done,
      });
      stream.onAbort(done);
      // The page left, a write failed or the process is stopping: the stream ends and nothing of it stays behind.
      await ended;
      clearInterval(keepalive);
      unsubscribe();
    }),
  );
  return api;
}

/**
 * `POST /api/v2/admin/reload-pages/` with `Authorization: Bearer {ADMIN_TOKEN}`: the operator's reload command. It
 * sits before the visitor API's gate: it is authorised by its token, not by a session's sessid. Without a token but
 * with a staff session the same path is the back office's button (server/api/v2/admin/content.ts).
 */
export function adminApi(hub: PushHub, adminToken: string | undefined) {
  const api = new Hono<AppEnv>();
  api.post(ADMIN_API.reloadPages, async (c, next) => {
    // A staff member's call (their session's cookie, no token) goes on to the back-office API (`content.edit`).
    if (!c.req.header('authorization') && getCookie(c, STAFF_COOKIE)) return next();
    if (!adminToken) throw new HttpError(403, 'Команды страницам отключены: не задан ADMIN_TOKEN.', 'ADMIN_DISABLED');
    const given = Buffer.from(c.req.header('authorization')?.replace(/^Bearer\s+/i, '') ?? '');
    const expected = Buffer.from(adminToken);
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new HttpError(401, 'Нужен токен оператора: Authorization: Bearer …', 'ADMIN_TOKEN_INVALID');
    await hub.broadcast(RELOAD_COMMAND);
    return answer(c, { command: RELOAD_COMMAND, pages: hub.size() });
  });
  return api;
}
