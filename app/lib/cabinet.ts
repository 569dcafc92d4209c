import { type AppLoadContext, redirect } from 'react-router';

/** Top of every /lk/ page loader and action: a guest goes to /auth/ and comes back here after the login. */
export function requireCabinetUser(request: Request, context: AppLoadContext): number {
  if (context.ctx.actor.kind === 'user') return context.ctx.actor.userId;
  const url = new URL(request.url);
  throw redirect(`/auth/?backurl=${encodeURIComponent(`${url.pathname}${url.search}`)}`);
}
