import { index, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('basket', 'routes/basket.tsx'),
  route('lk/like', 'routes/wishlist.tsx'),
  route('product/:code', 'routes/product.tsx'),
  route('catalog/*', 'routes/catalog.tsx'),
  route('brands', 'routes/brands.tsx', { id: 'routes/brands' }),
  route('brands/man', 'routes/brands.tsx', { id: 'routes/brands-man' }),
  route('brands/*', 'routes/brands.brand.tsx'),
  route('search/*', 'routes/search.tsx'),
  route('auth/confirm', 'routes/auth.confirm.tsx'),
  route('auth/reset', 'routes/auth.reset.tsx'),
  route('subscribe/confirm', 'routes/subscribe.confirm.tsx'),
  route('unsubscribe', 'routes/unsubscribe.tsx'),
  route('sitemap.xml', 'routes/sitemap.xml.ts'),
  route('robots.txt', 'routes/robots.txt.ts'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
