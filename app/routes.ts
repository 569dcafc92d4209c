import { index, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('basket', 'routes/basket.tsx'),
  route('order', 'routes/order.tsx'),
  route('lk', 'routes/lk.tsx'),
  route('lk/address', 'routes/lk.address.tsx'),
  route('lk/dc', 'routes/lk.dc.tsx'),
  route('lk/order', 'routes/lk.order.tsx'),
  route('lk/questions', 'routes/lk.questions.tsx'),
  route('lk/like', 'routes/wishlist.tsx'),
  route('product/:code', 'routes/product.tsx'),
  route('catalog/*', 'routes/catalog.tsx'),
  route('brands', 'routes/brands.tsx', { id: 'routes/brands' }),
  route('brands/man', 'routes/brands.tsx', { id: 'routes/brands-man' }),
  route('brands/*', 'routes/brands.brand.tsx'),
  route('search/*', 'routes/search.tsx'),
  route('stores', 'routes/stores.tsx'),
  route('contacts', 'routes/contacts.tsx'),
  route('info/vybor-razmera', 'routes/size-guide.tsx'),
  route('info/*', 'routes/info.tsx', { id: 'routes/info' }),
  route('agreement', 'routes/info.tsx', { id: 'routes/agreement' }),
  route('promo/:code', 'routes/landing.tsx'),
  route('stores/:code', 'routes/stores.shop.tsx'),
  route('auth', 'routes/auth.tsx'),
  route('auth/register', 'routes/auth.register.tsx', { id: 'routes/auth.register' }),
  route('auth/registerdc', 'routes/auth.register.tsx', { id: 'routes/auth.registerdc' }),
  route('auth/confirm', 'routes/auth.confirm.tsx'),
  route('auth/reset', 'routes/auth.reset.tsx'),
  route('subscribe/confirm', 'routes/subscribe.confirm.tsx'),
  route('unsubscribe', 'routes/unsubscribe.tsx'),
  // The back office (issue 25): its own layout and code, loaded on its pages only.
  route('admin/login', 'routes/admin/login.tsx'),
  route('admin/invite', 'routes/admin/invite.tsx'),
  // A print form is the sheet alone: outside the layout, guarded as the card is.
  route('admin/orders/:id/print/:form', 'routes/admin/order-print.tsx'),
  route('admin', 'routes/admin/layout.tsx', [
    index('routes/admin/home.tsx'),
    route('orders', 'routes/admin/orders.tsx'),
    route('orders/:id', 'routes/admin/order.tsx'),
    route('handover', 'routes/admin/handover.tsx'),
    route('account', 'routes/admin/account.tsx'),
    route('staff', 'routes/admin/staff.tsx'),
    route('staff/:id/remove', 'routes/admin/staff-remove.tsx'),
    route('audit', 'routes/admin/audit.tsx'),
    route('exchange', 'routes/admin/exchange.tsx'),
    // issue 28 · catalogue
    // issue 28 · photos
    // issue 28 · stock
    // issue 28 · promo
    // issue 28 · content
    // issue 28 · shops-questions
    route('shops', 'routes/admin/shops.tsx'),
    route('shops/:id', 'routes/admin/shop.tsx'),
    route('questions', 'routes/admin/questions.tsx'),
    route('questions/:id', 'routes/admin/question.tsx'),
    // issue 28 · customers
    route('logout', 'routes/admin/logout.tsx'),
  ]),
  route('sitemap.xml', 'routes/sitemap.xml.ts'),
  route('robots.txt', 'routes/robots.txt.ts'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
