/**
 * A recipient as the logs show it: enough to tell messages apart and find a complaint, not enough to collect
 * addresses and phones from the logs.
 */
export function maskRecipient(to: string): string {
  const at = to.lastIndexOf('@');
  if (at > 0) return `${to[0]}***${to.slice(at)}`;
  return to.length > 4 ? `${to[0]}${'*'.repeat(to.length - 3)}${to.slice(-2)}` : '***';
}
