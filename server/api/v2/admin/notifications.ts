import { streamSSE } from 'hono/streaming';
import { STAFF_API } from '../../../../contract/staff-api';
import type { Services } from '../../../../domain/services';
import {
  markReadInput,
  notificationPrefsInput,
  notificationsQuery,
} from '../../../../domain/staff-notifications/schemas';
import { STAFF_NOTIFICATIONS_COMMAND } from '../../../../domain/staff-notifications/kinds';
import { answer } from '../../../http/api-layer';
import type { PushHub } from '../../../push/hub';
import { queryOf, staffCalls } from './kit';

/** An idle stream gets a comment this often, so proxies and the browser keep it open. */
const KEEPALIVE_MS = 25_000;
const RETRY_MS = 3_000;

/**
 * `/api/v2/admin/notifications/*` (issue 47.1): a member's own notifications — every role has them
 * (`account.manage`): the list, marking read, the per-kind switches, and the live unread count over the push
 * channel the shop's pages already listen to (server/push/hub.ts).
 */
export function notificationsAdminApi(services: Services, hub: PushHub) {
  const calls = staffCalls();
  const notifications = () => services.staffNotifications;
  calls.get(STAFF_API.notifications, 'account.manage', async (c) =>
    answer(c, await notifications().list(c.get('ctx'), queryOf(c, notificationsQuery))),
  );
  calls.write(STAFF_API.notificationsRead, 'account.manage', markReadInput, (ctx, input) =>
    notifications().markRead(ctx, input.ids),
  );
  calls.get(STAFF_API.notificationPrefs, 'account.manage', async (c) =>
    answer(c, await notifications().prefs(c.get('ctx'))),
  );
  calls.write(STAFF_API.notificationPrefs, 'account.manage', notificationPrefsInput, (ctx, input) =>
    notifications().setPrefs(ctx, input),
  );
  calls.get(STAFF_API.notificationsStream, 'account.manage', (c) => {
    const ctx = c.get('ctx');
    return streamSSE(c, async (stream) => {
      let last = -1;
      let counting = Promise.resolve();
      let done = () => {};
      const ended = new Promise<void>((resolve) => {
        done = resolve;
      });
      // Counts one after another, so an older count never overwrites a newer one.
      const recount = () => {
        counting = counting
          .then(async () => {
            const n = await notifications().unread(ctx);
            if (n === last) return;
            last = n;
            await stream.writeSSE({ event: 'count', data: String(n), retry: RETRY_MS });
          })
          .catch(done);
      };
      recount();
      const keepalive = setInterval(() => {
        stream.write(': ping\n\n').catch(done);
      }, KEEPALIVE_MS);
      keepalive.unref();
      const unsubscribe = hub.subscribe({
        send: (command) => {
          if ((command as string) === STAFF_NOTIFICATIONS_COMMAND) recount();
        },
        end: done,
      });
      stream.onAbort(done);
      await ended;
      clearInterval(keepalive);
      unsubscribe();
    });
  });
  return calls.api;
}
