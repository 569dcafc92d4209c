import type { Route } from './+types/sitemap.xml';

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * sitemap.xml: the catalogue root, every section with products, every brand page, the shops, the information and
 * landing pages, the contacts and every product.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const origin = context.siteUrl;
  const [ref, products, shops, pages, landings] = await Promise.all([
    context.services.listing.reference(),
    context.services.listing.productUrls(),
    context.services.shops.list(context.ctx),
    context.services.content.links(),
    context.services.content.landings(),
  ]);
  const urls: { loc: string; lastmod?: string }[] = [{ loc: '/' }, { loc: '/catalog/' }];
  for (const s of [...ref.sections].sort((a, b) => a.depth - b.depth || a.sort - b.sort || a.id - b.id))
    if (s.count > 0) urls.push({ loc: s.url });
  urls.push({ loc: '/brands/' }, { loc: '/brands/man/' });
  for (const b of ref.brands) {
    if (b.count > 0) urls.push({ loc: `/brands/${b.code}/` });
    if (b.menCount > 0) urls.push({ loc: `/brands/${b.code}/man/` });
  }
  urls.push({ loc: '/stores/' }, ...shops.map((s) => ({ loc: s.url })), { loc: '/contacts/' });
  for (const p of [...pages, ...landings]) urls.push({ loc: p.url, lastmod: p.updatedAt.toISOString().slice(0, 10) });
  for (const p of products) urls.push({ loc: p.url, lastmod: p.updatedAt.toISOString().slice(0, 10) });
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map(
      (u) => `<url><loc>${escapeXml(origin + u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>`,
    ),
    '</urlset>',
  ].join('\n');
  return new Response(body, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
