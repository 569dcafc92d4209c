/** The part of yauzl 2.10 the exchange uses (the package ships no types). */
declare module 'yauzl' {
  import type { EventEmitter } from 'node:events';
  import type { Readable } from 'node:stream';

  export interface Entry {
    fileName: string;
    uncompressedSize: number;
    compressedSize: number;
  }

  export interface ZipFile extends EventEmitter {
    entryCount: number;
    readEntry(): void;
    openReadStream(entry: Entry, callback: (err: Error | null, stream: Readable) => void): void;
    close(): void;
  }

  export interface Options {
    lazyEntries?: boolean;
    autoClose?: boolean;
    validateEntrySizes?: boolean;
    strictFileNames?: boolean;
  }

  export function open(path: string, options: Options, callback: (err: Error | null, zip: ZipFile) => void): void;
}
