/**
 * The request's path with its trailing slash. React Router fetches a page's data from `/path.data`, which drops
 * the slash, so a loader cannot redirect slash-less paths without looping; pages name the slashed URL as canonical.
 */
export function listingPath(request: Request): { url: URL; pathname: string } {
  const url = new URL(request.url);
  return { url, pathname: url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/` };
}
