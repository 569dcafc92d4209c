import type { Transport } from './transports';

/** How long the Bot API may take before the attempt counts as failed. */
const TIMEOUT_MS = 10_000;

/**
 * The staff's Telegram messages (issue 47.1) through the Bot API's `sendMessage` (`{apiUrl}/bot{token}/sendMessage`);
 * an answer other than `{"ok": true}` is a failure the outbox retries. The token never reaches a log: an error names
 * the answer's status and description only.
 */
export function telegramBotTransport(token: string, apiUrl: string): Transport {
  const url = `${apiUrl.replace(/\/+$/, '')}/bot${token}/sendMessage`;
  return {
    async send(message) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ chat_id: message.to, text: message.text, disable_web_page_preview: true }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const answer = (await response.json().catch(() => null)) as { ok?: boolean; description?: string } | null;
      if (!response.ok || answer?.ok !== true)
        throw new Error(`Telegram ответил ${response.status}${answer?.description ? `: ${answer.description}` : ''}`);
    },
    close() {},
  };
}
