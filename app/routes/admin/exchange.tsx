import { Form, Link, redirect } from 'react-router';
import { CHANGE_KINDS, type ChangeKind } from '../../../domain/exchange/ports';
import type { ExchangeLogEntry, ExchangeLogStatus, ExchangeLogType } from '../../../domain/exchange/exchange-admin';
import { unmappedWarehousesNote } from '../../../domain/exchange/exchange-admin';
import { Choice, Confirm, DataTable, FormResult, Pager, TableFrame } from '~/components/admin/kit';
import { staffPage } from '~/lib/admin';
import { type FormOutcome, intent, type PostedForm, staffAction } from '~/lib/admin-action';
import { useStaffClock } from '~/lib/staff-clock';
import { cachePolicy } from '../../../contract/cache-policy';
import styles from './admin.module.css';
import own from './exchange.module.css';
import type { Route } from './+types/exchange';

const PATH = '/admin/exchange/';

/** The 1C exchange (issue 26.4): the log of imported files, the mappings of 1C's types to the shop's, a rerun. */
export async function loader({ request, context }: Route.LoaderArgs) {
  staffPage(request, context, 'exchange.run');
  const q = new URL(request.url).searchParams;
  const page = /^\d{1,6}$/.test(q.get('page') ?? '') ? Number(q.get('page')) : 1;
  const { services, ctx } = context;
  const rerunKey = q.get('rerun') ?? '';
  const [view, rerun] = await Promise.all([
    services.exchangeAdmin.page(ctx, page),
    rerunKey ? services.exchangeAdmin.rerunResult(ctx, rerunKey) : [],
  ]);
  return { ...view, rerun: rerunKey ? rerunSummary(rerun) : null };
}

/** The fields `prefix:<1C id>` of a form, by 1C id. */
const byOnecId = (form: PostedForm, prefix: string) =>
  Object.fromEntries(
    Object.entries(form.values())
      .filter(([name]) => name.startsWith(`${prefix}:`))
      .map(([name, value]) => [name.slice(prefix.length + 1), String(value)]),
  );

const saved = (changed: number) => (changed === 0 ? 'Изменений нет.' : `Сохранено изменений: ${changed}.`);

export const action = staffAction('exchange.run', {
  prices: intent({
    run: async ({ form, context }) =>
      saved(await context.services.exchangeAdmin.setPriceRoles(context.ctx, byOnecId(form, 'price'))),
  }),
  warehouses: intent({
    run: async ({ form, context }) =>
      saved(await context.services.exchangeAdmin.setWarehouseStores(context.ctx, byOnecId(form, 'store'))),
  }),
  sections: intent({
    run: async ({ form, context }) =>
      saved(await context.services.exchangeAdmin.setSections(context.ctx, byOnecId(form, 'section'))),
  }),
  others: intent({
    confirm: 'Отметьте «Да, снять с продажи»: это действие не отменяется одной кнопкой.',
    async run({ context }) {
      return `Снято с продажи товаров не из 1С: ${await context.services.exchangeAdmin.hideNotFromOnec(context.ctx)}.`;
    },
  }),
  rerun: intent({
    async run({ context }) {
      const key = await context.services.exchangeAdmin.rerun(context.ctx, context.exchangeRerun);
      return redirect(`${PATH}?rerun=${encodeURIComponent(key)}`);
    },
  }),
});

export const headers = cachePolicy('private');

export function meta() {
  return [{ title: 'Обмен с 1С — ВЬЮГА' }, { name: 'robots', content: 'noindex' }];
}

const TYPE_NAMES: Record<ExchangeLogType, string> = {
  catalog: 'Каталог',
  sale: 'Заказы',
  rerun: 'Повторная загрузка',
};
const STATUS_NAMES: Record<ExchangeLogStatus, string> = {
  progress: 'идёт',
  success: 'загружен',
  failure: 'ошибка',
};
const KIND_NAMES: Record<ChangeKind, string> = {
  sections: 'Разделы',
  products: 'Товары',
  offers: 'Предложения',
  prices: 'Цены',
  stock: 'Остатки',
  images: 'Фото',
};
/** Errors listed on a row; the rest are counted (a broken package may have thousands). */
const ERRORS_SHOWN = 100;

/** The notice of a rerun, from its log rows (so a link with `?rerun=` shows only what really happened). */
function rerunSummary(rows: ExchangeLogEntry[]): string {
  if (rows.length === 0) return 'Повторная загрузка не нашла файлов пакета.';
  const errors = rows.reduce((n, r) => n + r.errors.length, 0);
  const failed = rows.filter((r) => r.status !== 'success').length;
  return [
    `Последний пакет загружен ещё раз: файлов ${rows.length}`,
    failed > 0 ? `, не загружено ${failed}` : '',
    errors > 0 ? `, записей с ошибками ${errors} (см. журнал ниже)` : ', без ошибок',
    '.',
  ].join('');
}

function changesOf(entry: ExchangeLogEntry): string[] {
  if (entry.orders) return [`Заказы: изменено ${entry.orders.changed}, без изменений ${entry.orders.unchanged}`];
  const counts = entry.counts;
  if (!counts) return [];
  return CHANGE_KINDS.flatMap((kind) => {
    const c = counts[kind];
    const parts = [
      c.created > 0 ? `создано ${c.created}` : '',
      c.changed > 0 ? `изменено ${c.changed}` : '',
      c.removed > 0 ? `удалено ${c.removed}` : '',
    ].filter(Boolean);
    return parts.length > 0 ? [`${KIND_NAMES[kind]}: ${parts.join(', ')}`] : [];
  });
}

function Changes({ changes }: { changes: string[] }) {
  if (changes.length === 0) return 'нет';
  return (
    <ul className={own.changes}>
      {changes.map((c) => (
        <li key={c}>{c}</li>
      ))}
    </ul>
  );
}

function Errors({ errors }: { errors: ExchangeLogEntry['errors'] }) {
  if (errors.length === 0) return 'нет';
  return (
    <details className={own.errors}>
      <summary>{`Ошибок: ${errors.length}`}</summary>
      <ul>
        {errors.slice(0, ERRORS_SHOWN).map((x, i) => (
          // One `Ид` may fail twice (a product and its offer): the place keeps the key unique.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed for the render
          <li key={i}>
            Ид <code>{x.id}</code>: {x.message}
          </li>
        ))}
        {errors.length > ERRORS_SHOWN && <li>{`…и ещё ${errors.length - ERRORS_SHOWN}`}</li>}
      </ul>
    </details>
  );
}

function LogTable({ items }: { items: ExchangeLogEntry[] }) {
  const { when } = useStaffClock();
  return (
    <TableFrame label="Журнал обмена с 1С, новые сверху">
      <DataTable
        className={own.log}
        caption="Журнал обмена с 1С, новые сверху"
        rows={items}
        rowKey={(e) => e.id}
        columns={[
          {
            title: 'Начат — завершён',
            className: own.nowrap,
            cell: (e) => (
              <>
                {when(e.startedAt)}
                <br />
                {e.finishedAt ? when(e.finishedAt) : '—'}
              </>
            ),
          },
          {
            title: 'Кто',
            cell: (e) => (e.staff ? (e.staff.name ? `${e.staff.name}, ${e.staff.email}` : e.staff.email) : '—'),
          },
          { title: 'Тип', cell: (e) => TYPE_NAMES[e.type] ?? e.type },
          { title: 'Файл', cell: (e) => e.fileName },
          {
            title: 'Состояние',
            cell: (e) => (
              <>
                <span className={own.status} data-status={e.status}>
                  {STATUS_NAMES[e.status] ?? e.status}
                </span>
                {e.counts && <div className={own.onec}>{`записей ${e.counts.records}`}</div>}
              </>
            ),
          },
          { title: 'Изменения', cell: (e) => <Changes changes={changesOf(e)} /> },
          { title: 'Ошибки', cell: (e) => <Errors errors={e.errors} /> },
        ]}
      />
    </TableFrame>
  );
}

/** One of the mapping forms: each 1C type on a row with the shop's choice for it, saved together. */
function MappingTable(props: {
  id: 'prices' | 'warehouses' | 'sections';
  title: string;
  none: string;
  caption: string;
  heads: [string, string];
  rows: { onecId: string; name: string; label: string; value: string | string[] }[];
  field: string;
  options: { id: string; name: string }[];
  save: string;
  result: FormOutcome | undefined;
  note?: string;
}) {
  return (
    <section aria-labelledby={props.id} className={own.section}>
      <h2 id={props.id}>{props.title}</h2>
      <FormResult result={props.result} intent={props.id} />
      {props.note ? <p>{props.note}</p> : null}
      {props.rows.length === 0 ? (
        <p>{props.none}</p>
      ) : (
        <Form method="post">
          <input type="hidden" name="intent" value={props.id} />
          <DataTable
            className={own.mapping}
            caption={props.caption}
            rows={props.rows}
            rowKey={(row) => row.onecId}
            columns={[
              {
                title: props.heads[0],
                cell: (row) => (
                  <>
                    {row.name}
                    <span className={own.onec}>{`Ид ${row.onecId}`}</span>
                  </>
                ),
              },
              {
                title: props.heads[1],
                cell: (row) => (
                  <Choice
                    label={<span className="visually-hidden">{row.label}</span>}
                    name={`${props.field}:${row.onecId}`}
                    value={String(row.value)}
                    options={props.options}
                  />
                ),
              },
            ]}
          />
          <button type="submit" className={`${styles.button} ${own.save}`}>
            {props.save}
          </button>
        </Form>
      )}
    </section>
  );
}

export default function Exchange({ loaderData, actionData }: Route.ComponentProps) {
  const { log, priceTypes, warehouses, sections, stores, shopSections, lastPackage, rerun, origins } = loaderData;
  const result = actionData as FormOutcome | undefined;
  const sent = (form: string) => (result?.intent === form && result.error && result.values) || {};
  const [sentPrices, sentStores, sentSections] = [sent('prices'), sent('warehouses'), sent('sections')];
  return (
    <>
      <h1>Обмен с 1С</h1>
      <nav aria-label="Части страницы">
        <ul className={own.jump}>
          <li>
            <a href="#log">Журнал</a>
          </li>
          <li>
            <a href="#prices">Типы цен</a>
          </li>
          <li>
            <a href="#warehouses">Склады</a>
          </li>
          <li>
            <a href="#sections">Группы</a>
          </li>
        </ul>
      </nav>

      <section aria-labelledby="rerun" className={own.section}>
        <h2 id="rerun">Повторная загрузка</h2>
        {rerun && (
          <p className={styles.notice} role="status">
            {rerun}
          </p>
        )}
        <FormResult result={result} intent="rerun" />
        <p className={styles.muted}>
          {lastPackage
            ? `Последний пакет из 1С: ${lastPackage.files.join(', ')}. Его файлы загрузятся заново в том же порядке.`
            : '1С ещё не присылала каталог.'}
        </p>
        <Form method="post">
          <input type="hidden" name="intent" value="rerun" />
          <button type="submit" className={styles.button}>
            Загрузить последний пакет ещё раз
          </button>
        </Form>
      </section>

      <section aria-labelledby="others" className={own.section}>
        <h2 id="others">Товары не из 1С</h2>
        <FormResult result={result} intent="others" />
        <p className={styles.muted}>
          {`В продаже товаров из 1С: ${origins.fromOnec}, других (демо-каталог, созданные вручную): ${origins.others}. `}
          Когда каталог приходит из 1С, остальные товары можно снять с продажи: они останутся в заказах и в базе.
        </p>
        {origins.others > 0 && origins.fromOnec > 0 && (
          <Form method="post">
            <input type="hidden" name="intent" value="others" />
            <Confirm>{`Да, снять с продажи ${origins.others} товаров, которых нет в 1С`}</Confirm>
            <button type="submit" className={styles.button}>
              {`Снять с продажи товары не из 1С (${origins.others})`}
            </button>
          </Form>
        )}
      </section>

      <section aria-labelledby="log" className={own.section}>
        <h2 id="log">Журнал</h2>
        {log.total === 0 ? (
          <p>Обменов ещё не было.</p>
        ) : log.items.length === 0 ? (
          <p>
            На этой странице записей нет: <Link to={`${PATH}#log`}>к началу журнала</Link>.
          </p>
        ) : (
          <LogTable items={log.items} />
        )}
        <Pager page={log.page} pages={log.pages} href={(page) => `${PATH}${page > 1 ? `?page=${page}` : ''}#log`} />
      </section>

      <MappingTable
        id="prices"
        title="Типы цен"
        none="1С ещё не присылала типов цен."
        caption="Типы цен 1С и цены магазина"
        heads={['Тип цен в 1С', 'Цена в магазине']}
        rows={priceTypes.map((t) => ({
          onecId: t.onecId,
          name: t.name,
          label: `Цена в магазине для типа «${t.name}»`,
          value: sentPrices[`price:${t.onecId}`] ?? t.role ?? '',
        }))}
        field="price"
        options={[
          { id: 'retail', name: 'Розничная цена' },
          { id: 'old', name: 'Старая (зачёркнутая) цена' },
          { id: '', name: 'Не используется' },
        ]}
        save="Сохранить типы цен"
        result={result}
      />
      <MappingTable
        id="warehouses"
        title="Склады"
        none="1С ещё не присылала складов."
        caption="Склады 1С и магазины, чьи остатки они дают"
        heads={['Склад в 1С', 'Остатки магазина']}
        rows={warehouses.map((w) => ({
          onecId: w.onecId,
          name: w.name,
          label: `Магазин для склада «${w.name}»`,
          value: sentStores[`store:${w.onecId}`] ?? String(w.storeId ?? ''),
        }))}
        field="store"
        note={unmappedWarehousesNote(warehouses)}
        options={[
          { id: '', name: 'Интернет-склад (пока не сопоставлен)' },
          ...stores.map((s) => ({ id: String(s.id), name: s.city ? `${s.name}, ${s.city}` : s.name })),
        ]}
        save="Сохранить склады"
        result={result}
      />
      <MappingTable
        id="sections"
        title="Группы"
        none="1С ещё не присылала групп."
        caption="Группы 1С и разделы магазина"
        heads={['Группа в 1С', 'Раздел магазина']}
        rows={sections.map((g) => ({
          onecId: g.onecId,
          name: g.name,
          label: `Раздел магазина для группы «${g.name}»`,
          value: sentSections[`section:${g.onecId}`] ?? String(g.sectionId),
        }))}
        field="section"
        options={shopSections.map((s) => ({ id: String(s.id), name: s.path }))}
        save="Сохранить группы"
        result={result}
      />
    </>
  );
}
