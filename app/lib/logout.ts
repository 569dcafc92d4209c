/**
 * Spec §1: logging out reloads the current address with `logout=y` added to its query; the rest of the query is
 * kept as it is written (a `logout` already there is replaced).
 */
export function logoutHref(location: { pathname: string; search: string }): string {
  const kept = location.search
    .replace(/^\?/, '')
    .split('&')
    .filter((pair) => pair !== '' && !/^logout(=|$)/.test(pair));
  return `${location.pathname}?${[...kept, 'logout=y'].join('&')}`;
}
