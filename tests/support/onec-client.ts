import { crc32, deflateRawSync } from 'node:zlib';
import type { TestApp } from './test-app';

/** The endpoint 1C's «Обмен с сайтом» is given. */
export const ONEC_PATH = '/bitrix/admin/1c_exchange.php';

/** An answer as 1C reads it: the raw bytes, the lines of its text, and the HTTP status and type. */
export interface OnecAnswer {
  status: number;
  type: string;
  bytes: Buffer;
  lines: string[];
}

const basic = (login: string, password: string) => `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;

/**
 * A scripted 1C (issue 26), speaking the 1C-Bitrix protocol as 1C 8.3 does: `checkauth` with Basic, then every call
 * with the cookie of lines 2 and 3; files posted raw in chunks of the same name; `import` repeated while `progress`.
 */
export function onecClient(app: TestApp, type: 'catalog' | 'sale', credentials: { login: string; password: string }) {
  let cookie = '';

  async function send(mode: string, params: Record<string, string> = {}, init: RequestInit = {}): Promise<OnecAnswer> {
    const query = new URLSearchParams({ type, mode, ...params });
    const headers = new Headers(init.headers);
    if (cookie) headers.set('cookie', cookie);
    const res = await app.fetch(`${ONEC_PATH}?${query}`, { ...init, headers });
    const bytes = Buffer.from(await res.arrayBuffer());
    return {
      status: res.status,
      type: res.headers.get('content-type') ?? '',
      bytes,
      lines: bytes.toString('utf8').split('\n'),
    };
  }

  return {
    send,
    get cookie() {
      return cookie;
    },
    /** `mode=checkauth`: on `success`, the cookie of lines 2 and 3 goes with every later call. */
    async checkauth(password = credentials.password) {
      const answer = await send('checkauth', {}, { headers: { authorization: basic(credentials.login, password) } });
      if (answer.lines[0] === 'success') cookie = `${answer.lines[1]}=${answer.lines[2]}`;
      return answer;
    },
    /** Posts the file's bytes in `parts` chunks, as 1C does for a file above `file_limit`. */
    async upload(filename: string, bytes: Buffer, parts = 3) {
      const size = Math.ceil(bytes.length / parts);
      const answers: OnecAnswer[] = [];
      for (let at = 0; at < bytes.length; at += size)
        answers.push(
          await send('file', { filename }, { method: 'POST', body: new Uint8Array(bytes.subarray(at, at + size)) }),
        );
      return answers;
    },
    /** `mode=import`, repeated while the answer is `progress` (at most 20 times); every answer kept. */
    async importFile(filename: string) {
      const answers: OnecAnswer[] = [];
      for (let i = 0; i < 20; i++) {
        const answer = await send('import', { filename });
        answers.push(answer);
        if (answer.lines[0] !== 'progress') break;
      }
      return answers;
    },
  };
}

/**
 * A zip of the entries (a tiny writer: local headers, data, central directory). `declaredSize` writes that
 * uncompressed size instead of the real one, as a hostile archive would (a deflated entry, so the sizes may differ).
 */
export function zipOf(entries: { name: string; data: Buffer; deflate?: boolean; declaredSize?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const deflate = e.deflate || e.declaredSize !== undefined;
    const data = deflate ? deflateRawSync(e.data) : e.data;
    const crc = crc32(e.data);
    const size = e.declaredSize ?? e.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // names in UTF-8
    local.writeUInt16LE(deflate ? 8 : 0, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(deflate ? 8 : 0, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
