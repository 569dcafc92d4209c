import { Form, useNavigation } from 'react-router';
import { z } from 'zod';
import { DataTable, FormResult, ListFrame } from '~/components/admin/kit';
import { staffPage } from '~/lib/admin';
import { intent, staffAction } from '~/lib/admin-action';
import { cachePolicy } from '../../../contract/cache-policy';
import { STAFF_API } from '../../../contract/staff-api';
import { MAX_IMPORT_MB } from '../../../domain/catalog/io/catalog-io';
import type { PreviewAnswer } from '../../../domain/catalog/io/catalog-io.service';
import { DomainError } from '../../../domain/errors';
import styles from './admin.module.css';
import type { Route } from './+types/catalog-io';

/**
 * «Импорт и экспорт» (issue 47.5): the catalogue as a table of offers — download it as CSV or XLSX, change prices,
 * «В продаже» and stock by store, upload it: a preview of every change (nothing written yet), then «Применить» writes
 * them all at once or none. The same calls as `/api/v2/admin/catalog-io/*`.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  staffPage(request, context, 'catalog.edit');
  return { maxMb: MAX_IMPORT_MB };
}

export const action = staffAction('catalog.edit', {
  preview: intent({
    async run({ form, context }) {
      const file = form.files('file').find((f) => f.size > 0);
      if (!file) throw new DomainError('validation', 'Выберите файл таблицы (CSV или XLSX).', 'IMPORT_NO_FILE');
      const bytes = new Uint8Array(await file.arrayBuffer());
      const preview = await context.services.catalogIo.previewFile(context.ctx, file.name || 'таблица', bytes);
      if (preview.problemCount > 0)
        return {
          error: `В файле ошибок: ${preview.problemCount}. Ничего не изменено — исправьте их и загрузите файл снова.`,
          preview,
        };
      if (!preview.token)
        return { notice: `Изменений нет: все ${preview.counts.rows} строк совпадают с сайтом.`, preview };
      return { notice: 'Проверьте изменения и нажмите «Применить».', preview };
    },
  }),
  apply: intent({
    schema: z.object({ token: z.string().min(1, 'Загрузите файл ещё раз.') }),
    async run({ input, context }) {
      const done = await context.services.catalogIo.apply(context.ctx, input.token);
      const c = done.counts;
      const made = c.newProducts ? ` Создано товаров — ${c.newProducts} (размеров — ${c.newOffers}).` : '';
      return `Импорт применён: изменено размеров — ${c.changed} (товаров — ${c.products}): цен — ${c.prices}, старых цен — ${c.oldPrices}, «В продаже» — ${c.published}, остатков по складам — ${c.stock}.${made}`;
    },
  }),
});

export const headers = cachePolicy('private');

export function meta() {
  return [{ title: 'Импорт и экспорт' }];
}

const rub = (v: number | null) => (v === null ? '—' : `${v.toLocaleString('ru-RU')} ₽`);
const was = <T,>(change: { before: T; after: T } | undefined, text: (v: T) => string) =>
  change ? `${text(change.before)} → ${text(change.after)}` : '';

export default function CatalogIo({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== 'idle';
  const preview = (actionData as { preview?: PreviewAnswer } | undefined)?.preview;
  const storeName = new Map((preview?.stores ?? []).map((s) => [s.id, s.name]));
  const applied = actionData?.intent === 'apply' && !actionData.error;
  return (
    <>
      <h1>Импорт и экспорт</h1>
      <section aria-labelledby="export-title">
        <h2 id="export-title">Выгрузить каталог</h2>
        <p>
          Строка на каждый размер: код товара, артикул, название, цвет, размер, ID предложения, ID 1С, штрихкод, цена,
          старая цена, «В продаже» и остаток в каждом складе.
        </p>
        <p className={styles.rowForm}>
          <a className={styles.button} href={STAFF_API.catalogExportXlsx} download>
            Скачать XLSX
          </a>
          <a className={styles.button} href={STAFF_API.catalogExportCsv} download>
            Скачать CSV
          </a>
        </p>
      </section>
      <section aria-labelledby="import-title">
        <h2 id="import-title">Загрузить изменения</h2>
        <p>
          Импорт меняет существующие размеры — цену, старую цену, «В продаже» (признак товара) и остатки по складам;
          размеры находятся по столбцу «ID предложения». Пустая ячейка цены или остатка оставляет значение как есть,
          пустая старая цена убирает её. Строка с пустым «ID предложения» — размер нового товара: строки одного артикула
          станут одной моделью, каждый цвет — товаром. Новому товару нужны «Артикул», «Название», «Раздел» и «Бренд»
          (номер или название), «Цвет» (код или название), «Размер» и «Цена»; «Описание», «Старая цена», «В продаже»,
          «Штрихкод» и остатки — по желанию, «ID 1С» оставьте пустым. Цены и остатки товаров из 1С меняются в 1С.
          Сначала вы увидите, что изменится; если в файле есть ошибка, не изменится ничего.
        </p>
        <Form method="post" encType="multipart/form-data" action="?" className={styles.form} key={actionData?.done}>
          <input type="hidden" name="intent" value="preview" />
          <label htmlFor="catalog-file">Файл таблицы (XLSX или CSV, до {loaderData.maxMb} МБ)</label>
          <input
            id="catalog-file"
            type="file"
            name="file"
            required
            accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          />
          <button type="submit" className={styles.button} disabled={busy}>
            {busy ? 'Читаем файл…' : 'Проверить файл'}
          </button>
        </Form>
        <FormResult result={actionData} intent="preview" />
        <FormResult result={actionData} intent="apply" />
      </section>
      {preview && preview.problemCount > 0 && (
        <section aria-labelledby="problems-title">
          <h2 id="problems-title">Ошибки в файле</h2>
          <ul>
            {preview.problems.map((p) => (
              <li key={`${p.row}:${p.column}`}>{p.text}</li>
            ))}
          </ul>
          {preview.problemCount > preview.problems.length && (
            <p className={styles.muted}>
              Показаны первые {preview.problems.length} из {preview.problemCount}.
            </p>
          )}
        </section>
      )}
      {preview?.token && !applied && (
        <section aria-labelledby="preview-title">
          <h2 id="preview-title">Предпросмотр: {preview.fileName}</h2>
          <p>
            Строк: {preview.counts.rows}. Изменится размеров — {preview.counts.changed} (товаров —{' '}
            {preview.counts.products}): цен — {preview.counts.prices}, старых цен — {preview.counts.oldPrices}, «В
            продаже» — {preview.counts.published}, остатков по складам — {preview.counts.stock}. Без изменений —{' '}
            {preview.counts.unchanged}. Будет создано товаров — {preview.counts.newProducts ?? 0} (размеров —{' '}
            {preview.counts.newOffers ?? 0}).
          </p>
          {preview.created.length > 0 && (
            <ListFrame
              label="Новые товары"
              found={
                (preview.counts.newProducts ?? 0) > preview.created.length
                  ? `Показаны первые ${preview.created.length} из ${preview.counts.newProducts}`
                  : `Новых товаров: ${preview.counts.newProducts}`
              }
              empty="Новых товаров нет."
              count={preview.created.length}
            >
              <DataTable
                caption="Какие товары создаст импорт"
                rows={preview.created}
                rowKey={(p) => `${p.article}:${p.color}`}
                columns={[
                  { title: 'Товар', rowHeader: true, cell: (p) => `${p.name} (${p.article})` },
                  { title: 'Строка', cell: (p) => p.row },
                  { title: 'Раздел', cell: (p) => p.section },
                  { title: 'Бренд', cell: (p) => p.brand },
                  { title: 'Цвет', cell: (p) => p.color },
                  {
                    title: 'Размеры и цены',
                    cell: (p) => p.sizes.map((z) => `${z.size}: ${rub(z.price)}`).join('; '),
                  },
                  { title: 'В продаже', cell: (p) => (p.published ? 'да' : 'нет') },
                ]}
              />
            </ListFrame>
          )}
          <ListFrame
            label="Изменения импорта"
            found={
              preview.counts.changed > preview.changes.length
                ? `Показаны первые ${preview.changes.length} из ${preview.counts.changed}`
                : `Размеров с изменениями: ${preview.counts.changed}`
            }
            empty="Изменений нет."
            count={preview.changes.length}
          >
            <DataTable
              caption="Что изменит импорт: было → станет"
              rows={preview.changes}
              rowKey={(c) => c.offerId}
              columns={[
                { title: 'Товар', rowHeader: true, cell: (c) => `${c.product} (${c.article})` },
                { title: 'Размер', cell: (c) => c.size },
                { title: 'Цена', cell: (c) => was(c.price, rub) },
                { title: 'Старая цена', cell: (c) => was(c.oldPrice, rub) },
                { title: 'В продаже', cell: (c) => was(c.published, (v) => (v ? 'да' : 'нет')) },
                {
                  title: 'Остатки',
                  cell: (c) =>
                    c.stock
                      .map((s) => `${storeName.get(s.storeId) ?? `склад ${s.storeId}`}: ${s.before} → ${s.after}`)
                      .join('; '),
                },
              ]}
            />
          </ListFrame>
          <Form method="post" action="?" className={styles.form}>
            <input type="hidden" name="intent" value="apply" />
            <input type="hidden" name="token" value={preview.token} />
            <button type="submit" className={styles.button} disabled={busy}>
              {busy ? 'Применяем…' : `Применить (${preview.counts.changed + (preview.counts.newOffers ?? 0)})`}
            </button>
          </Form>
        </section>
      )}
    </>
  );
}
