import '@fontsource-variable/manrope';
import manropeCyrillic from '@fontsource-variable/manrope/files/manrope-cyrillic-wght-normal.woff2?url';
import manropeLatin from '@fontsource-variable/manrope/files/manrope-latin-wght-normal.woff2?url';
import './styles/global.css';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import { useNonce } from '~/lib/nonce';
import { PageShell } from './components/shell/PageShell';
import { lazy, Suspense, useEffect } from 'react';
import { preload } from 'react-dom';
import { reloadOnPreloadError } from './lib/chunks';
import { markHydrated } from './lib/first-hydration';
import { loadWidgetsWhenIdle } from './lib/widgets';
import { readCookie } from './lib/cookies';
import { withMetrica } from './lib/metrica-gate';
import { bonusPromises } from '../domain/content/bonus-promises';
import { marqueeMessages } from '../domain/shell/marquee';
import { GENDER_COOKIE } from '../domain/menu/menu';
import { menuJsonUrl, publishMenu } from '../domain/menu/menu-version';
import { NotFound } from './components/shell/NotFound';

/** The cookie notice's code loads only on a shop with a Metrica counter, apart from every page's own. */
const CookieNotice = lazy(() => import('./components/shell/CookieNotice').then((m) => ({ default: m.CookieNotice })));
export async function loader({ request, context }: Route.LoaderArgs) {
  // Nothing personal here: the visitor's name, counts and sessid come after load (app/lib/visitor.ts), so the page
  // is the same for every visitor of a city.
  // The back office has its own layout (routes/admin/layout.tsx): none of the shop's shell or its data.
  if (/^\/admin(\/|$)/.test(new URL(request.url).pathname)) return null;
  const { services, ctx, options } = context;
  const cookie = request.headers.get('cookie');
  const city = ctx.city;
  const bonus = bonusPromises();
  const [menu, cities, freeFrom] = await Promise.all([
    services.menu.menu(),
    services.regions.cities(),
    services.checkout.freeDeliveryFrom(),
  ]);
  // Issue 46.3: the menu is drawn by the server from here (entry.server.tsx) and read by the browser from
  // /menu.json by its version, not carried a second time in the page's hydration data.
  context.shellMenu = menu;
  return {
    /** The version of the menu the page is drawn with: the browser fetches that very menu. */
    menuVersion: publishMenu(menu).version,
    /** Spec §6: `man` selects the men's menu where the address does not decide. */
    genderCookie: readCookie(cookie, GENDER_COOKIE) ?? null,
    city: city ? { id: city.id, name: city.name, phones: city.phones, timeZone: city.timeZone } : null,
    // Spec §4: the visitor's own city first.
    cities: cities
      .map(({ id, name }) => ({ id, name }))
      .sort((a, b) => Number(b.id === city?.id) - Number(a.id === city?.id)),
    /** The footer's requisites and hot line, from the settings. */
    company: services.content.company,
    /** What the popups and the basket say a card and a confirmed email give (the bonus rule, kept off the bundle). */
    bonusTexts: { card: bonus.card, letters: bonus.letters },
    /** The marquee's promises, from the shop's own rules. */
    marquee: marqueeMessages({ freeDeliveryFrom: freeFrom }),
    options,
  };
}

export type RootData = NonNullable<Awaited<ReturnType<typeof loader>>>;

/**
 * The shell's data (menu, cities, the visitor's city) does not depend on the address, and the basket counts live in
 * the browser's store: a client navigation does not load it again, only a form that changes something (as
 * Hydrogen's skeleton does).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, currentUrl, nextUrl }) =>
  (formMethod !== undefined && formMethod !== 'GET') || currentUrl.href === nextUrl.href;

export function useRootData(): RootData {
  return useRouteLoaderData('root') as RootData;
}

/**
 * The two subsets of Manrope every page's first screen draws (Cyrillic; Latin for digits, spaces and punctuation) are
 * asked for first in the head — React puts font preloads before image preloads and stylesheets — instead of after
 * the first layout finds text in them: on a slow network they arrive with the stylesheet, and the first paint is
 * already in Manrope (issue 46.1). The other subsets load only where a page uses their letters.
 */
const FIRST_SCREEN_FONTS = [manropeCyrillic, manropeLatin];

export function Layout({ children }: { children: React.ReactNode }) {
  for (const href of FIRST_SCREEN_FONTS) preload(href, { as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' });
  const nonce = useNonce();
  const data = useRouteLoaderData('root') as RootData | null | undefined;
  return (
    <html lang="ru">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#ffffff" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        {/* Stylesheets need no nonce (style-src 'self'); React Router would add the context's, which Chromium
            hides from the DOM (node.nonce is ""), and hydration would then see a mismatch on every page. */}
        <Links nonce="" />
        {data && (
          // The menu this page was drawn with, asked for with the page (app/lib/menu.ts), at the scripts' priority.
          <link
            rel="preload"
            as="fetch"
            href={menuJsonUrl(data.menuVersion)}
            crossOrigin="anonymous"
            fetchPriority="low"
            data-menu-version={data.menuVersion}
          />
        )}
      </head>
      <body>
        {data ? <PageShell data={data}>{children}</PageShell> : children}
        {data?.options.metricaId && (
          <Suspense fallback={null}>
            <CookieNotice metrica />
          </Suspense>
        )}
        {data && (
          <script
            id="shop-options"
            type="application/json"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with `<` escaped, read by the browser code
            dangerouslySetInnerHTML={{ __html: JSON.stringify(data.options).replace(/</g, '\\u003c') }}
          />
        )}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // Spec §8: a chunk of an older build that is gone reloads the page (app/lib/chunks.ts).
  useEffect(() => reloadOnPreloadError(), []);
  useEffect(markHydrated, []);
  useEffect(() => withMetrica((m) => m.startMetrica()), []);
  // The chat and marketing widgets, when the shop has them (the back office, without the shop's data, has none).
  const root = useRouteLoaderData('root') as RootData | null | undefined;
  const widgets = root?.options.widgetScripts.join(' ') ?? '';
  useEffect(() => loadWidgetsWhenIdle(widgets.split(' ').filter(Boolean)), [widgets]);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <main className="container" style={{ padding: '80px 0' }}>
      <h1>Что-то пошло не так</h1>
      <p>
        Обновите страницу через минуту или вернитесь на <a href="/">главную</a>.
      </p>
    </main>
  );
}
