import { API } from '../../contract/api';
import { GUEST } from '../../domain/auth/user';

const json = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body)));

/**
 * A `fetch` for browser-side unit tests: it answers the visitor state call (`user/state`) with a guest holding
 * `sessid`, and passes every other call to `other` (by default an empty `ok` envelope).
 */
export function shopFetch(
  sessid: string,
  other: (url: string, init?: RequestInit) => Promise<Response> = () => json({ status: 'ok', data: {} }),
) {
  return (url: string, init?: RequestInit) =>
    url === API.userState
      ? json({ status: 'ok', data: { user: GUEST, basket: { availableCount: 0, delayCount: 0 }, sessid } })
      : other(url, init);
}
