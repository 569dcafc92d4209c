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

/** What the client sends through: a test app's fetch, or the network's against a running shop. */
export interface OnecTransport {
  fetch(path: string, init?: RequestInit): Promise<Response>;
}

/**
 * A scripted 1C (issue 26), speaking the 1C-Bitrix protocol as 1C 8.3 does: `checkauth` with Basic, then every call
 * with the cookie of lines 2 and 3; files posted raw in chunks of the same name; `import` repeated while `progress`.
 * Used by the tests, `npm run exchange:session` and the bench.
 */
export function onecClient(
  shop: OnecTransport,
  type: 'catalog' | 'sale',
  credentials: { login: string; password: string },
) {
  let cookie = '';

  async function send(mode: string, params: Record<string, string> = {}, init: RequestInit = {}): Promise<OnecAnswer> {
    const query = new URLSearchParams({ type, mode, ...params });
    const headers = new Headers(init.headers);
    if (cookie) headers.set('cookie', cookie);
    const res = await shop.fetch(`${ONEC_PATH}?${query}`, { ...init, headers });
    const bytes = Buffer.from(await res.arrayBuffer());
    return {
      status: res.status,
      type: res.headers.get('content-type') ?? '',
      bytes,
      lines: bytes.toString('utf8').split('\n'),
    };
  }

  /** Posts the file's bytes in `parts` chunks, as 1C does for a file above `file_limit`. */
  async function upload(filename: string, bytes: Buffer, parts = 3) {
    const size = Math.ceil(bytes.length / parts);
    const answers: OnecAnswer[] = [];
    for (let at = 0; at < bytes.length; at += size)
      answers.push(
        await send('file', { filename }, { method: 'POST', body: new Uint8Array(bytes.subarray(at, at + size)) }),
      );
    return answers;
  }

  return {
    send,
    upload,
    get cookie() {
      return cookie;
    },
    /** `mode=checkauth`: on `success`, the cookie of lines 2 and 3 goes with every later call. */
    async checkauth(password = credentials.password) {
      const answer = await send('checkauth', {}, { headers: { authorization: basic(credentials.login, password) } });
      if (answer.lines[0] === 'success') cookie = `${answer.lines[1]}=${answer.lines[2]}`;
      return answer;
    },
    /** Posts the file's bytes in chunks of at most `chunkBytes` (the `file_limit` of `init`). */
    async uploadInChunks(filename: string, bytes: Buffer, chunkBytes: number) {
      return upload(filename, bytes, Math.max(1, Math.ceil(bytes.length / chunkBytes)));
    },
    /** `mode=import`, repeated while the answer is `progress` (at most `steps` times); every answer kept. */
    async importFile(filename: string, steps = 20) {
      const answers: OnecAnswer[] = [];
      for (let i = 0; i < steps; i++) {
        const answer = await send('import', { filename });
        answers.push(answer);
        if (answer.lines[0] !== 'progress') break;
      }
      return answers;
    },
  };
}
