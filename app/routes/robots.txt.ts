import type { Route } from './+types/robots.txt';

/** robots.txt: keeps crawlers out of the API, the cabinet, the basket, checkout and search results, and names the sitemap by its absolute address, as the protocol asks. */
export function loader({ context }: Route.LoaderArgs) {
  const origin = context.siteUrl;
  const body = [
    'User-agent: *',
    'Disallow: /api/',
    'Disallow: /lk/',
    'Disallow: /basket/',
    'Disallow: /order/',
    'Disallow: /search/',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
