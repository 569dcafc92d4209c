import type { ShopOptions } from '../contract/options';
import type { Menu } from '../domain/menu/menu';
import type { RequestContext } from '../domain/context';
import type { Services } from '../domain/services';
import type { PackageRerun } from '../domain/exchange/exchange-admin';
import type { StaffSessionCookie } from '../contract/staff-session';

declare module 'react-router' {
  interface AppLoadContext {
    services: Services;
    /** The request context the HTTP layer resolved: the same object the API handlers get. */
    ctx: RequestContext;
    options: ShopOptions;
    /** The shop's public origin from `SITE_URL` (scheme and host): every absolute link is built on it, never on the request's Host. */
    siteUrl: string;
    /** This response's CSP nonce: every script the server renders carries it. */
    nonce: string;
    /** The build's stylesheets by address: the page writes its own into its head. */
    stylesheets: ReadonlyMap<string, string>;
    /**
     * A login moves the session to a new id (decision 0014): `newId()` makes one for `auth.logIn`, and `renew(id)`,
     * called once the login succeeded, sends its cookie and answers its sessid.
     */
    session: { newId(): string; renew(id: string): string };
    /**
     * The cache tags of this page (decision 0017): what it shows, so a change to any of them drops it from the page
     * cache. Every page has the shell's; a loader adds its products, sections, brand or content.
     */
    cacheTags: Set<string>;
    /** The back office's staff session (`/admin/` pages only): a login starts it, a logout ends it. */
    staffSession?: StaffSessionCookie;
    /** The back office's rerun of the last 1C package: the importer on the package's folder (issue 26). */
    exchangeRerun: PackageRerun;
    /** The reload command to every open page (issue 28.4): how many pages it reached. */
    reloadOpenPages(): Promise<number>;
    /** The header's menu as the root loader read it: the server renders it, the page's data does not carry it (issue 46.3). */
    shellMenu?: Menu;
    /** The request's logger: errors carry the request id, as API errors do. */
    log: { error(details: object, message: string): void };
  }
}
