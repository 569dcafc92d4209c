import { API } from '../../contract/api';
import { RELOAD_COMMAND, reloadDelayMs } from '../../domain/push/commands';

/** After the server refused the stream (the browser gives up then), the page asks again this much later. */
const REOPEN_MS = 30_000;

/**
 * Every open page listens to the push channel (spec §4): on `COMMAND_NEED_RELOAD` it reloads after its own random
 * delay (spec §9). After a drop the browser connects again by itself (the stream's `retry`); after a refusal the
 * page opens a new stream later. Answers the stop.
 */
export function listenForCommands(reload: () => void = () => window.location.reload()): () => void {
  let source: EventSource | null = null;
  let reopen: ReturnType<typeof setTimeout> | undefined;
  let reloading = false;
  const open = () => {
    source = new EventSource(API.push);
    source.addEventListener('command', (event) => {
      if ((event as MessageEvent).data !== RELOAD_COMMAND || reloading) return;
      reloading = true;
      setTimeout(reload, reloadDelayMs(Math.random));
    });
    source.addEventListener('error', () => {
      if (source?.readyState !== EventSource.CLOSED) return;
      reopen = setTimeout(open, REOPEN_MS);
    });
  };
  open();
  return () => {
    clearTimeout(reopen);
    source?.close();
  };
}
