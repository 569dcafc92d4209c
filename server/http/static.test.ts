import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { staticFiles } from './static';

const root = mkdtempSync(path.join(os.tmpdir(), 'shop-static-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}];`;
const app = new Hono().use('*', staticFiles(root));
const get = (url: string, encoding: string) => app.request(url, { headers: { 'accept-encoding': encoding } });

describe('static files', () => {
  it('answers a text file with the brotli or gzip file the build wrote beside it, as it is', async () => {
    // Twins that differ from what compressing the file here would give: the answer must be these very bytes.
    const br = brotliCompressSync(Buffer.from(`${script}// build`));
    const gz = gzipSync(Buffer.from(`${script}// build`), { level: 1 });
    writeFileSync(path.join(root, 'app.js'), script);
    writeFileSync(path.join(root, 'app.js.br'), br);
    writeFileSync(path.join(root, 'app.js.gz'), gz);
    for (const [encoding, twin] of [
      ['br', br],
      ['gzip', gz],
    ] as const) {
      const res = await get('/app.js', `${encoding}, deflate`);
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('content-length')).toBe(String(twin.length));
      expect(Buffer.from(await res.arrayBuffer()).equals(twin)).toBe(true);
    }
    const plain = await get('/app.js', 'identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
  });

  it('answers a file without twins as it is: nothing is compressed while the visitor waits', async () => {
    writeFileSync(path.join(root, 'other.js'), script);
    const res = await get('/other.js', 'br, gzip');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toBe(script);
  });
});
