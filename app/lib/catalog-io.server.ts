import { readTable } from '../../server/catalog-io/sheets';

/** A posted catalogue file's table (CSV or XLSX), read on the server only: the reader uses node's zlib. */
export async function postedTable(file: File): Promise<{ name: string; table: string[][] }> {
  return { name: file.name || 'таблица', table: readTable(file.name, Buffer.from(await file.arrayBuffer())) };
}
