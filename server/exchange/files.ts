import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import * as yauzl from 'yauzl';

/** The most bytes one `mode=file` request may carry (`file_limit`): 1C sends a bigger file in chunks of this. */
export const FILE_LIMIT = 8 * 1024 * 1024;
/**
 * The most bytes a session may upload, and the most its zips may unpack to together: a real package with photos
 * fits.
 */
export const SESSION_BYTES = 1024 * 1024 * 1024;
/** The most entries a session's zips may hold together (a package with a photo per product and colour has thousands). */
export const ZIP_ENTRIES = 100_000;

/** The largest photo a package may hold: a product photo from 1C is a few megabytes. */
export const PHOTO_BYTES = 30 * 1024 * 1024;

/** A refusal the answer to 1C names as it is (`failure\n<message>`). */
export class ExchangeFileError extends Error {}

const SCRIPT = /\.(php\d?|phtml|phar|pl|py|cgi|asp|aspx|jsp|sh|bash|js|mjs|cjs|exe|bat|cmd|htaccess|htm|html|svg)$/i;
/** What 1C on Linux puts before the name (the 1C-Bitrix component strips the same). */
const CLIENT_PREFIX = /^(\/tmp\/|upload\/1c\/webdata\/)/;
/** Bytes received this session, beside the files (a dot name no upload can take). */
const RECEIVED = '.received';
/** Bytes and entries the session's zips unpacked to so far: the bounds hold per session, not per archive. */
const UNPACKED = '.unpacked';

/**
 * The name 1C gives reduced to a safe path inside the session's folder (issue 26): backslashes to slashes, 1C's
 * `/tmp/` and `upload/1c/webdata/` prefixes dropped; a name still absolute or with `..` keeps only its base name;
 * subfolders such as `import_files/ab/cd.jpg` stay. Null for a name that stays unsafe: empty, hidden, control
 * characters, or a script's extension.
 */
export function safeRelativePath(name: string): string | null {
  let clean = name.replace(/\\/g, '/').replace(CLIENT_PREFIX, '');
  const parts = clean.split('/');
  if (/^[A-Za-z]:$/.test(parts[0] ?? '') || clean.startsWith('/') || parts.includes('..'))
    clean = parts[parts.length - 1] ?? '';
  const segments = clean.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.length === 0 || segments.length > 8) return null;
  for (const s of segments) if (s.startsWith('.') || s.length > 200 || /[\p{Cc}:*?"<>|]/u.test(s)) return null;
  const relative = segments.join('/');
  return SCRIPT.test(relative) ? null : relative;
}

/** A session's exchange folder under `DATA_DIR/exchange/`, and the files of its package. */
export function sessionFolder(root: string, sessionKey: string) {
  const dir = path.join(root, sessionKey.replace(/[^\w-]/g, ''));
  const inside = (relative: string) => {
    const full = path.resolve(dir, relative);
    if (!full.startsWith(dir + path.sep)) throw new ExchangeFileError('Недопустимое имя файла.');
    return full;
  };

  /** The file's full path; an error when it was never uploaded. */
  async function uploaded(relative: string): Promise<string> {
    const file = inside(relative);
    const found = await stat(file).catch(() => null);
    if (!found?.isFile()) throw new ExchangeFileError(`Файл ${relative} не получен: сначала mode=file.`);
    return file;
  }

  async function received(): Promise<number> {
    return Number(await readFile(path.join(dir, RECEIVED), 'utf8').catch(() => '0')) || 0;
  }

  return {
    dir,
    inside,

    /** `type=sale&mode=init`: the orders files of an earlier exchange of the session gone. */
    async removeSale() {
      await rm(path.join(dir, 'sale'), { recursive: true, force: true });
    },

    /** `mode=init`: the folder emptied for a new package. */
    async clean() {
      await rm(dir, { recursive: true, force: true });
      await mkdir(dir, { recursive: true });
    },

    /**
     * Appends a chunk to the file (chunks of one file come one after another). Above the request's or the session's
     * bound, what this request appended is cut off again: the file stays as it was.
     */
    async append(relative: string, body: ReadableStream<Uint8Array> | null) {
      const file = inside(relative);
      await mkdir(path.dirname(file), { recursive: true });
      const before = await stat(file).then(
        (s) => s.size,
        () => 0,
      );
      const sessionLeft = SESSION_BYTES - (await received());
      let size = 0;
      try {
        const bounded = async function* () {
          if (!body) return;
          for await (const chunk of body) {
            size += chunk.byteLength;
            if (size > FILE_LIMIT) throw new ExchangeFileError(`Часть файла больше ${FILE_LIMIT} байт (file_limit).`);
            if (size > sessionLeft)
              throw new ExchangeFileError(`Пакет больше ${SESSION_BYTES} байт: сеанс обмена не принимает больше.`);
            yield chunk;
          }
        };
        await pipeline(bounded(), createWriteStream(file, { flags: 'a' }));
      } catch (error) {
        await truncate(file, before).catch(() => {});
        throw error;
      }
      await writeFile(path.join(dir, RECEIVED), String((await received()) + size));
      return size;
    },

    /** The zips waiting at the folder's top, which `import` unpacks first. */
    async pendingZips(): Promise<string[]> {
      const names = await readdir(dir).catch(() => [] as string[]);
      return names.filter((n) => /\.zip$/i.test(n)).sort();
    },

    /** Unpacks a zip of the folder into it and removes the zip; see `unpack`. */
    async unpackZip(name: string): Promise<number> {
      const zip = inside(name);
      const staging = path.join(dir, `.unzip-${Date.now()}`);
      const [bytes = 0, entries = 0] = (await readFile(path.join(dir, UNPACKED), 'utf8').catch(() => ''))
        .split(' ')
        .map((n) => Number(n) || 0);
      try {
        const { files, total } = await unpack(zip, staging, {
          bytes: SESSION_BYTES - bytes,
          entries: ZIP_ENTRIES - entries,
        });
        await writeFile(path.join(dir, UNPACKED), `${bytes + total} ${entries + files.length}`);
        for (const f of files) {
          const target = inside(f);
          await mkdir(path.dirname(target), { recursive: true });
          await rename(path.join(staging, f), target);
        }
        await rm(zip, { force: true });
        return files.length;
      } finally {
        await rm(staging, { recursive: true, force: true });
      }
    },

    /** A file of the package (a photo) whole, or null when it is not there, is unsafe, or is over `PHOTO_BYTES`. */
    async read(relative: string): Promise<Buffer | null> {
      const name = safeRelativePath(relative);
      if (!name) return null;
      const file = inside(name);
      const found = await stat(file).catch(() => null);
      if (!found?.isFile() || found.size > PHOTO_BYTES) return null;
      return readFile(file);
    },

    uploaded,

    /** The file to import, read as a stream; an error when it was never uploaded. */
    async open(relative: string) {
      return createReadStream(await uploaded(relative));
    },
  };
}

/**
 * Unpacks a zip into `target` (yauzl): the central directory is checked first — entry count, every name a safe
 * relative path, the declared sizes within the bound — so a hostile archive writes nothing; then the entries are
 * streamed out, each cut off at its declared size. `left` is what the session's earlier zips left of its bounds.
 * Answers the files' relative paths and the bytes they declared.
 */
async function unpack(
  zipPath: string,
  target: string,
  left: { bytes: number; entries: number },
): Promise<{ files: string[]; total: number }> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(zipPath, { lazyEntries: true, autoClose: false, validateEntrySizes: false }, (err, z) =>
      err ? reject(new ExchangeFileError(`Архив не прочитан: ${err.message}`)) : resolve(z),
    ),
  );
  try {
    if (zip.entryCount > left.entries)
      throw new ExchangeFileError(`В архивах сеанса больше ${ZIP_ENTRIES} файлов: архив не принят.`);
    const entries = await new Promise<yauzl.Entry[]>((resolve, reject) => {
      const list: yauzl.Entry[] = [];
      zip.on('entry', (e: yauzl.Entry) => {
        list.push(e);
        zip.readEntry();
      });
      zip.on('end', () => resolve(list));
      zip.on('error', (err: Error) => reject(new ExchangeFileError(`Архив не прочитан: ${err.message}`)));
      zip.readEntry();
    });
    const files: { entry: yauzl.Entry; relative: string }[] = [];
    let total = 0;
    for (const entry of entries) {
      if (entry.fileName.endsWith('/')) continue;
      const relative = safeRelativePath(entry.fileName);
      if (!relative || relative !== entry.fileName.replace(/\\/g, '/'))
        throw new ExchangeFileError(`Недопустимое имя в архиве: ${entry.fileName.slice(0, 200)}`);
      total += entry.uncompressedSize;
      if (total > left.bytes)
        throw new ExchangeFileError(
          `Архивы сеанса распаковываются больше чем в ${SESSION_BYTES} байт: архив не принят.`,
        );
      files.push({ entry, relative });
    }
    for (const { entry, relative } of files) {
      const out = path.join(target, relative);
      await mkdir(path.dirname(out), { recursive: true });
      const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
        zip.openReadStream(entry, (err, s) => (err ? reject(new ExchangeFileError(err.message)) : resolve(s))),
      );
      await writeBounded(stream, out, entry.uncompressedSize, relative);
    }
    return { files: files.map((f) => f.relative), total };
  } finally {
    zip.close();
  }
}

/**
 * Writes an entry's bytes, failing past its declared size. Done here, not by yauzl's own check: that one errors through
 * yauzl's replaced `destroy`, which never ends the stream, so a lying archive would hang the request. (Its streams are
 * read through `pipe`: async iteration of a stored entry's stream never ends either.)
 */
async function writeBounded(stream: NodeJS.ReadableStream, file: string, declared: number, name: string) {
  let written = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      written += chunk.length;
      if (written > declared) done(new ExchangeFileError(`Архив не распакован: ${name} больше заявленного размера.`));
      else done(null, chunk);
    },
  });
  stream.on('error', (error: Error) => counter.destroy(error));
  stream.pipe(counter);
  try {
    await pipeline(counter, createWriteStream(file, { flags: 'wx' }));
  } catch (error) {
    (stream as NodeJS.ReadableStream & { destroy(): void }).destroy();
    if (error instanceof ExchangeFileError) throw error;
    throw new ExchangeFileError(`Архив не распакован: ${error instanceof Error ? error.message : String(error)}`);
  }
}
