import type { Context } from 'hono';
import type { AppEnv } from './env';

/** A provider's notification is a few hundred bytes; anything far larger is not one. */
const NOTIFY_LIMIT = 64 * 1024;

/**
 * The JSON body of an outside service's notification (a payment's, a carrier's), or the answer that refuses it: 413
 * when it is far too large, 400 when it is not JSON. What it says is never trusted; the caller reads it back.
 */
export async function notificationBody(c: Context<AppEnv>): Promise<{ body: unknown } | Response> {
  const text = await c.req.text().catch(() => '');
  if (text.length > NOTIFY_LIMIT) return c.text('Уведомление слишком большое.', 413);
  try {
    return { body: JSON.parse(text) as unknown };
  } catch {
    return c.text('Уведомление не разобрано: ожидается JSON.', 400);
  }
}
