import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { safeName } from '../../server/outbox/transports';

export interface SentMessage {
  file: string;
  kind: string;
  to: string;
  /** Letters only. */
  subject?: string;
  text: string;
  /** Letters only. */
  html?: string;
}

/**
 * The latest message the file transport wrote for `to` on `channel` (deliver first with `app.outbox.deliver()`),
 * read as a mail client reads it; undefined when there is none.
 */
export async function readOutbox(
  app: { dataDir: string },
  query: { to: string; channel: 'email' | 'sms' },
): Promise<SentMessage | undefined> {
  const all = await listOutbox(app);
  const file = all.filter((f) => f.to === safeName(query.to) && f.channel === query.channel).at(-1);
  if (!file) return undefined;
  const content = await readFile(path.join(app.dataDir, 'outbox', file.name));
  if (file.channel === 'sms') {
    const [head = '', text = ''] = content.toString('utf8').split('\n\n');
    const to = head.match(/^To: (.*)$/m)?.[1] ?? '';
    return { file: file.name, kind: file.kind, to, text: text.replace(/\n$/, '') };
  }
  const mail = await PostalMime.parse(content);
  return {
    file: file.name,
    kind: file.kind,
    to: mail.to?.[0]?.address ?? '',
    subject: mail.subject,
    text: mail.text ?? '',
    html: mail.html,
  };
}

/** Every message file written so far, oldest first. */
export async function listOutbox(app: { dataDir: string }) {
  const names = await readdir(path.join(app.dataDir, 'outbox')).catch(() => [] as string[]);
  return names
    .map((name) => name.match(/^(\d{12})_([^_]+)_([^_]+)\.(eml|txt)$/))
    .filter((m) => m !== null)
    .map(([name, , kind, to, ext]) => ({
      name: name as string,
      kind: kind as string,
      to: to as string,
      channel: ext === 'eml' ? ('email' as const) : ('sms' as const),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
