import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';

/** `tree` rendered as the shop renders its pages (entry.server.tsx): a stream, gathered whole once all is ready. */
export function streamHtml(tree: React.ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const html: Buffer[] = [];
    const { pipe } = renderToPipeableStream(tree, {
      onAllReady: () =>
        pipe(
          new Writable({
            write: (chunk, _encoding, done) => done(void html.push(chunk)),
            final: (done) => done(void resolve(Buffer.concat(html).toString())),
          }),
        ),
      onShellError: reject,
    });
  });
}
