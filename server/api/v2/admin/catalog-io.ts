import type { Context } from 'hono';
import { stream } from 'hono/streaming';
import { z } from 'zod';
import { STAFF_API } from '../../../../contract/staff-api';
import type { PreviewAnswer } from '../../../../domain/catalog/io/catalog-io.service';
import type { RequestContext } from '../../../../domain/context';
import type { Services } from '../../../../domain/services';
import { csvLine, writeXlsx } from '../../../catalog-io/sheets';
import { answer } from '../../../http/api-layer';
import { readBody } from '../../../http/body';
import { ENVELOPE } from '../../../http/dialect';
import type { AppEnv } from '../../../http/env';
import { HttpError } from '../../../http/errors';
import { staffCalls } from './kit';

const applyInput = z.object({
  token: z.string({ message: 'Укажите token предпросмотра.' }).regex(/^[0-9a-f-]{36}$/, 'Такого предпросмотра нет.'),
});

/** The day in a file's name, on the shop's clock's date. */
const fileDay = (ctx: RequestContext) => ctx.now().toISOString().slice(0, 10);

/** A preview with refused rows: 400, each problem one error with its row and column (the first 500). */
function previewRefusal(c: Context<AppEnv>, preview: PreviewAnswer) {
  const dialect = c.get('dialect') ?? ENVELOPE;
  return dialect.fail(
    c,
    400,
    preview.problems.map((p) => ({
      message: p.text,
      code: 'IMPORT_INVALID',
      row: p.row,
      column: p.column,
    })) as { message: string; code: string }[],
  );
}

/** The uploaded file of a multipart form's `file` field, with its name. */
async function uploadedFile(fields: Record<string, unknown>) {
  const file = fields.file;
  if (!(file instanceof File) || file.size === 0)
    throw new HttpError(
      400,
      'Приложите файл таблицы (CSV или XLSX) в поле file формы multipart/form-data.',
      'IMPORT_NO_FILE',
    );
  return { name: file.name || 'таблица', bytes: new Uint8Array(await file.arrayBuffer()) };
}

/**
 * `/api/v2/admin/catalog-io/*` (issue 47.5): the catalogue as a table of offers — CSV (streamed) and XLSX exports,
 * an import that previews a file (nothing written to the shop; the changes kept under a token for an hour) and its
 * apply (one transaction, one audit entry). `catalog.edit`, checked before anything is read.
 */
export function catalogIoAdminApi(services: Services) {
  const calls = staffCalls();
  const { catalogIo } = services;

  calls.get(STAFF_API.catalogExportCsv, 'catalog.edit', async (c) => {
    const ctx = c.get('ctx');
    const { header, pages } = await catalogIo.exportRows(ctx);
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="catalog-${fileDay(ctx)}.csv"`);
    return stream(c, async (out) => {
      await out.write(`\uFEFF${csvLine(header)}`);
      for await (const rows of pages) await out.write(rows.map(csvLine).join(''));
    });
  });

  calls.get(STAFF_API.catalogExportXlsx, 'catalog.edit', async (c) => {
    const ctx = c.get('ctx');
    const { header, pages } = await catalogIo.exportRows(ctx);
    const rows: (string | number)[][] = [];
    for await (const page of pages) rows.push(...page);
    c.header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    c.header('Content-Disposition', `attachment; filename="catalog-${fileDay(ctx)}.xlsx"`);
    return c.body(new Uint8Array(writeXlsx('Каталог', header, rows)));
  });

  calls.post(STAFF_API.catalogImport, 'catalog.edit', async (c) => {
    if (!(c.req.header('content-type') ?? '').toLowerCase().includes('multipart/form-data'))
      throw new HttpError(415, 'Файл загружается формой multipart/form-data, поле file.', 'UNSUPPORTED_MEDIA_TYPE');
    const { name, bytes } = await uploadedFile(await readBody(c));
    const preview = await catalogIo.previewFile(c.get('ctx'), name, bytes);
    if (preview.problemCount > 0) return previewRefusal(c, preview);
    return answer(c, { preview });
  });

  calls.write(STAFF_API.catalogImportApply, 'catalog.edit', applyInput, async (ctx, input) => ({
    import: await catalogIo.apply(ctx, input.token),
  }));

  return calls.api;
}
