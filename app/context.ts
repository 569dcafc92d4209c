import type { ShopOptions } from '../contract/options';
import type { RequestContext } from '../domain/context';
import type { Services } from '../domain/services';

declare module 'react-router' {
  interface AppLoadContext {
    services: Services;
    /** The request context the HTTP layer resolved: the same object the API handlers get. */
    ctx: RequestContext;
    options: ShopOptions;
  }
}
