import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext, HandleErrorFunction } from 'react-router';
import { ServerRouter } from 'react-router';
import { inlineStylesheets, lowerScriptPriority, rewriteHead } from './lib/page-head.server';
import { NonceContext } from './lib/nonce';
import { ServedMenuContext } from './lib/menu';
import { MarkupContext } from './lib/markup-cache';
import { markup } from './lib/markup-store.server';

export const streamTimeout = 5_000;

/**
 * React Router's default Node entry, with the response's CSP nonce on every script it renders, the document sent
 * whole once rendered, the page's stylesheets written into its head and its scripts preloaded at low priority,
 * `charset=utf-8` on the page, and render errors logged through the request's logger (with its request id) instead
 * of stderr.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = loadContext;
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServedMenuContext.Provider value={loadContext.shellMenu ?? null}>
          <MarkupContext.Provider value={markup}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </MarkupContext.Provider>
        </ServedMenuContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        // The document goes out whole: a finished Suspense boundary stays in its place, however large. React would
        // move one over 12.5 KB (the header's menu, which suspends in the browser only) to the page's end, shown
        // by a script: later than its place, and never without JavaScript.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellReady() {
          shellRendered = true;
        },
        // The whole document at once, as one buffer: no route defers data, so the shell is the page, and passing
        // React's ~80 small chunks of it through three streams cost a tenth of a render (issue 11.3).
        onAllReady() {
          pipe(
            collect((html) => {
              clearTimeout(timeoutId);
              responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
              const page = rewriteHead(html, (head) =>
                lowerScriptPriority(inlineStylesheets(head, loadContext.stylesheets)),
              );
              resolve(new Response(page, { headers: responseHeaders, status: responseStatusCode }));
            }),
          );
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell reject and are logged by the server's error handler.
          if (shellRendered) loadContext.log.error({ err: error, url: request.url }, 'page render error');
        },
      },
    );
  });
}

/** A stream that gathers what is written to it and hands the whole of it over at its end. */
function collect(done: (bytes: Buffer<ArrayBuffer>) => void): Writable {
  const chunks: Buffer[] = [];
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
    final(callback) {
      done(Buffer.concat(chunks));
      callback();
    },
  });
}

/** Loader and action errors, with the request id, through the same logger as API errors. Aborted requests are not errors. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  (context as AppLoadContext).log.error({ err: error, url: request.url }, 'page loader error');
};
