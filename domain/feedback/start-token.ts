import { MIN_FILL_MS } from './feedback';

/** The server's signature of a text (an HMAC with the app's secret). */
export type Sign = (text: string) => string;

const PURPOSE = 'feedback-start';
/** A form open longer than a day is refused: reloading the page gives a fresh one. */
export const START_TOKEN_TTL_MS = 24 * 3600_000;

/**
 * When the form was given out, signed by the server (`{ms}.{signature}`): the page carries it, the form posts it back,
 * and only the server can make one, so the minimum fill time cannot be faked by a time the client names.
 */
export function issueStartToken(now: Date, sign: Sign): string {
  const at = String(now.getTime());
  return `${at}.${sign(`${PURPOSE}:${at}`)}`;
}

/** Same length and characters, in a time that does not tell where they differ. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** `invalid`: missing, forged or over a day old; `fast`: given out under the minimum fill time ago. */
export function checkStartToken(token: string | undefined, now: Date, sign: Sign): 'ok' | 'invalid' | 'fast' {
  const [at = '', signature = '', ...rest] = (token ?? '').split('.');
  if (rest.length > 0 || !/^\d{1,15}$/.test(at) || !sameText(signature, sign(`${PURPOSE}:${at}`))) return 'invalid';
  const age = now.getTime() - Number(at);
  if (age > START_TOKEN_TTL_MS) return 'invalid';
  return age < MIN_FILL_MS ? 'fast' : 'ok';
}
