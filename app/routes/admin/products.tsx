import { Form, Link } from 'react-router';
import type { z } from 'zod';
import { imageUrl } from '../../../contract/images';
import { cachePolicy } from '../../../contract/cache-policy';
import { bulkParcelInput, bulkPriceInput } from '../../../domain/catalog/admin/admin.schemas';
import type { BulkPriceResult } from '../../../domain/catalog/admin/catalog-admin';
import { productBulkEditInput } from '../../../domain/catalog/admin/product-making.schemas';
import { PROPS } from '../../../domain/catalog/filter/props';
import { formatAmount } from '../../../domain/pricing/price';
import { CATALOG_BACK, CatalogHead } from '~/components/admin/CatalogHead';
import { ParcelFields } from '~/components/admin/ParcelFields';
import {
  Choice,
  DataTable,
  deskBoundary,
  FormResult,
  ListFrame,
  pageHref,
  TableFrame,
  tableClass,
} from '~/components/admin/kit';
import { staffPage } from '~/lib/admin';
import {
  type FormOutcome,
  type IntentArgs,
  intent,
  loaderRefusal,
  type PostedForm,
  staffAction,
} from '~/lib/admin-action';
import { catalogFilter } from '~/lib/admin-catalog.server';
import { catalogQuery, filterFields, PRODUCT_FILTERS, parcelFieldsOf } from '~/lib/admin-catalog';
import styles from './admin.module.css';
import cat from './catalog.module.css';
import type { Route } from './+types/products';

/** The catalogue (issue 28.1): products with search, filters and pages, and the filtered list's bulk price change. */
export async function loader({ request, context }: Route.LoaderArgs) {
  staffPage(request, context, 'catalog.edit');
  const filter = catalogFilter(new URL(request.url).searchParams);
  const { services, ctx } = context;
  const [list, sections, brands] = await Promise.all([
    services.catalogAdmin.list(ctx, filter).catch(loaderRefusal),
    services.catalogAdmin.sections(ctx),
    services.catalogAdmin.brands(ctx),
  ]);
  return {
    list,
    filter,
    imgVersion: context.options.imgVersion,
    sections: sections.map((s) => ({ id: s.id, name: `${'— '.repeat(Math.max(0, s.depth - 1))}${s.name}` })),
    brands: brands.map((b) => ({ id: b.id, name: b.name })),
  };
}

/** The bulk change: `preview` shows what would change, `apply` writes exactly the filter the preview carried. */
const bulkRead = (apply: boolean) => (form: PostedForm) => ({
  filter: Object.fromEntries(PRODUCT_FILTERS.map((name) => [name, form.text(name)]).filter(([, v]) => v !== '')),
  kind: form.text('kind'),
  value: form.text('value'),
  keepOld: form.text('keepOld') === '1',
  apply,
  expected: apply && /^\d{1,9}$/.test(form.text('expected')) ? Number(form.text('expected')) : undefined,
});
const bulkRun =
  (apply: boolean) =>
  async ({ input, form, context }: IntentArgs<z.infer<typeof bulkPriceInput>>) => {
    const bulk = await context.services.catalogAdmin.bulkPrice(context.ctx, { ...input, apply });
    // The preview keeps the rule in its form, to change it and look again.
    return { bulk, values: form.values(), notice: bulk.applied ? `Цены изменены: ${bulk.count} размеров.` : undefined };
  };

/** The bulk weight and size: the filter's products (as many as the page showed), the fields typed; empty ones stay. */
const parcelsRead = (form: PostedForm) => ({
  filter: Object.fromEntries(PRODUCT_FILTERS.map((name) => [name, form.text(name)]).filter(([, v]) => v !== '')),
  ...(form.text('reset') === '1'
    ? { weight: null, length: null, width: null, height: null }
    : parcelFieldsOf(form, true)),
  expected: /^\d{1,9}$/.test(form.text('expected')) ? Number(form.text('expected')) : undefined,
});

/** The bulk edit of the products ticked in the list (issue 47.5): what is left at «не менять» stays. */
const bulkEditRead = (form: PostedForm) => {
  const [code, value] = form.text('prop').split('=');
  const published = form.text('published');
  return {
    productIds: form.list('productIds'),
    sectionId: form.text('sectionId') || undefined,
    brandId: form.text('brandId') || undefined,
    prop: code ? { code, value: value || null } : undefined,
    published: published === '1' ? true : published === '0' ? false : undefined,
    pricePercent: form.text('pricePercent').trim() || undefined,
  };
};

export const action = staffAction('catalog.edit', {
  'bulk-edit': intent({
    read: bulkEditRead,
    schema: productBulkEditInput,
    async run({ input, context }) {
      const r = await context.services.productMaking.bulkEdit(context.ctx, input);
      return `Изменено товаров: ${r.changed} из ${r.count}${r.prices > 0 ? `, цен размеров: ${r.prices}` : ''}.`;
    },
  }),
  preview: intent({ read: bulkRead(false), schema: bulkPriceInput, run: bulkRun(false) }),
  apply: intent({ read: bulkRead(true), schema: bulkPriceInput, run: bulkRun(true) }),
  parcels: intent({
    read: parcelsRead,
    schema: bulkParcelInput,
    async run({ input, context }) {
      const { count } = await context.services.catalogAdmin.bulkParcel(context.ctx, input);
      return `Вес и размеры изменены у ${count} товаров.`;
    },
  }),
});

export const headers = cachePolicy('private');

export function meta() {
  return [{ title: 'Каталог — ВЬЮГА' }, { name: 'robots', content: 'noindex' }];
}

const LIST_PATH = '/admin/products/';

const YES_NO = [
  { id: '1', name: 'да' },
  { id: '0', name: 'нет' },
];
const KINDS = { percent: 'на процент', amount: 'на сумму, ₽' };
/** The bulk edit's property choices: each value of each property, and its removal. */
const PROP_CHOICES = Object.entries(PROPS).flatMap(([code, prop]) => [
  ...prop.values.map(([value, name]) => ({ id: `${code}=${value}`, name: `${prop.name}: ${name}` })),
  { id: `${code}=`, name: `${prop.name}: убрать` },
]);
const SALE_CHOICES = { '1': 'опубликовать', '0': 'снять с сайта' };
const flagValue = (v: boolean | undefined) => (v === undefined ? '' : v ? '1' : '0');

function priceRange(min: number | null, max: number | null) {
  if (min === null || max === null) return '—';
  return min === max ? formatAmount(min) : `${formatAmount(min)} – ${formatAmount(max)}`;
}

export default function Products({ loaderData, actionData }: Route.ComponentProps) {
  const { list, filter, sections, brands, imgVersion } = loaderData;
  const outcome = actionData as (FormOutcome & { bulk?: BulkPriceResult }) | undefined;
  const values = outcome?.values ?? { kind: 'percent', value: '', keepOld: '' };
  const { page: _page, ...listFilter } = filter;
  const hidden = Object.entries(filterFields(listFilter));
  const bulk = outcome?.bulk;
  // The list's choices, each with «все» first.
  const choices = [
    { name: 'sectionId', label: 'Раздел', value: filter.sectionId, options: sections, className: cat.select },
    { name: 'brandId', label: 'Бренд', value: filter.brandId, options: brands, className: cat.select },
    { name: 'published', label: 'Опубликован', value: flagValue(filter.published), options: YES_NO },
    { name: 'inStock', label: 'В наличии', value: flagValue(filter.inStock), options: YES_NO },
    { name: 'hasPhotos', label: 'Есть фото', value: flagValue(filter.hasPhotos), options: YES_NO },
  ];
  return (
    <>
      <CatalogHead />
      <p>
        <Link to="/admin/products/new/" className={styles.button}>
          Новый товар
        </Link>
      </p>
      <ListFrame
        label="Фильтры товаров"
        filters={
          <>
            <label>
              Поиск
              <input
                name="q"
                type="search"
                defaultValue={filter.q}
                placeholder="название, артикул, код"
                className={cat.search}
              />
            </label>
            {choices.map((c) => (
              <Choice key={c.name} {...c} all="все" />
            ))}
          </>
        }
        resetTo={LIST_PATH}
        found={`Найдено товаров: ${list.total}`}
        empty="Товаров по этим условиям нет."
        paged={{ ...list, href: (page) => pageHref(LIST_PATH, catalogQuery(filter), page) }}
      >
        <DataTable
          className={cat.list}
          caption={`Товары, страница ${list.page}`}
          rows={list.items}
          rowKey={(p) => p.id}
          columns={[
            {
              title: 'Выбрать',
              cell: (p) => (
                <input
                  type="checkbox"
                  name="productIds"
                  value={p.id}
                  form="bulk-edit"
                  aria-label={`Выбрать «${p.name}», арт. ${p.article}`}
                />
              ),
            },
            {
              title: 'Фото',
              cell: (p) =>
                p.image ? (
                  <img
                    src={imageUrl(p.image, 'thumb', imgVersion)}
                    alt=""
                    width={39}
                    height={58}
                    className={cat.thumb}
                    loading="lazy"
                  />
                ) : (
                  <span className={cat.noPhoto} title="Нет фото" />
                ),
            },
            {
              title: 'Товар',
              cell: (p) => (
                <>
                  <Link to={`/admin/products/${p.id}/`} className={cat.link}>
                    {p.name}
                  </Link>
                  <div className={cat.muted}>{`Арт. ${p.article} · ${p.code}`}</div>
                </>
              ),
            },
            { title: 'Раздел', cell: (p) => p.section },
            { title: 'Бренд', cell: (p) => p.brand },
            { title: 'Цена', className: `${cat.num} price`, cell: (p) => priceRange(p.minPrice, p.maxPrice) },
            { title: 'Остаток', className: cat.num, cell: (p) => p.stock },
            {
              title: 'На сайте',
              cell: (p) => (
                <span className={cat.badge} data-on={p.published}>
                  {p.published ? 'опубликован' : 'снят'}
                </span>
              ),
            },
          ]}
        />
      </ListFrame>

      <section className={cat.bulk} aria-labelledby="bulk-edit-title">
        <h2 id="bulk-edit-title">Правка выбранных</h2>
        <p className={cat.muted}>
          Отметьте товары в списке выше и выберите, что поменять у всех сразу; «не менять» оставляет как есть. Цены
          меняются на процент и округляются до рублей. Раздел, бренд, свойства и цены товаров из 1С меняются в 1С.
        </p>
        <Form method="post" id="bulk-edit" key={`bulk-edit-${outcome?.intent === 'bulk-edit' ? outcome.done : ''}`}>
          <input type="hidden" name="intent" value="bulk-edit" />
          <fieldset>
            <legend className="visually-hidden">Что поменять у выбранных товаров</legend>
            <Choice label="Раздел" name="sectionId" options={sections} all="не менять" className={cat.select} />
            <Choice label="Бренд" name="brandId" options={brands} all="не менять" className={cat.select} />
            <Choice label="Свойство" name="prop" options={PROP_CHOICES} all="не менять" className={cat.select} />
            <Choice label="На сайте" name="published" options={SALE_CHOICES} all="не менять" />
            <label>
              Цены, % (−90…300)
              <input type="text" name="pricePercent" inputMode="numeric" />
            </label>
            <button type="submit" className={styles.danger}>
              Применить к выбранным
            </button>
          </fieldset>
        </Form>
        <FormResult result={outcome} intent="bulk-edit" />
      </section>

      <section className={cat.bulk} aria-labelledby="bulk-title">
        <h2 id="bulk-title">Изменить цены списка</h2>
        <p className={cat.muted}>
          {`Меняются цены всех размеров товаров, найденных по фильтру выше (найдено: ${list.total}), кроме тех, что ведёт 1С. Сначала — предпросмотр, потом «Применить».`}
        </p>
        <Form method="post" key={`bulk-${catalogQuery(listFilter)}`}>
          {hidden.map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <fieldset>
            <legend className="visually-hidden">Правило изменения цен</legend>
            <Choice label="Как менять" name="kind" value={String(values.kind || 'percent')} options={KINDS} />
            <label>
              Насколько (−90…300 % или ± ₽)
              <input type="text" name="value" inputMode="decimal" defaultValue={values.value} required />
            </label>
            <label className={cat.check}>
              <input type="checkbox" name="keepOld" value="1" defaultChecked={values.keepOld === '1'} />
              записать прежнюю цену как старую
            </label>
            <button type="submit" name="intent" value="preview" className={styles.button}>
              Предпросмотр
            </button>
          </fieldset>
        </Form>
        <FormResult result={outcome?.intent === 'parcels' || outcome?.intent === 'bulk-edit' ? undefined : outcome} />
        {bulk && <BulkPreview bulk={bulk} />}
      </section>

      <section className={cat.bulk} aria-labelledby="parcels-title">
        <h2 id="parcels-title">Вес и размеры списка</h2>
        <p className={cat.muted}>
          {`Вес (г) и размеры в упаковке (см) всех товаров, найденных по фильтру выше (найдено: ${list.total}). Пустое поле не меняется; «по разделу» убирает у товаров свои значения.`}
        </p>
        <Form method="post" key={`parcels-${catalogQuery(listFilter)}`} className={cat.parcel}>
          <input type="hidden" name="intent" value="parcels" />
          {hidden.map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <input type="hidden" name="expected" value={list.total} />
          <ParcelFields values={outcome?.intent === 'parcels' && outcome.error ? outcome.values : undefined} />
          <label className={cat.check}>
            <input type="checkbox" name="reset" value="1" />
            по разделу
          </label>
          <button type="submit" className={styles.danger} disabled={list.total === 0}>
            {`Применить к ${list.total} товарам`}
          </button>
        </Form>
        <FormResult result={outcome} intent="parcels" />
      </section>
    </>
  );
}

function BulkPreview({ bulk }: { bulk: BulkPriceResult }) {
  const hidden = Object.entries(filterFields(bulk.filter));
  const value = bulk.rule.kind === 'amount' ? String(bulk.rule.value / 100) : String(bulk.rule.value);
  return (
    <div className={cat.preview}>
      <p role={bulk.applied ? undefined : 'status'}>
        {bulk.applied
          ? `Изменено размеров: ${bulk.count}, правило ${bulk.rule.text}.`
          : `Правило ${bulk.rule.text}${bulk.keepOld ? ', прежняя цена станет старой' : ''}: изменится размеров — ${bulk.count}.`}
        {bulk.skipped > 0 && ` Пропущено размеров из 1С: ${bulk.skipped}.`}
      </p>
      {bulk.rows.length > 0 && (
        <TableFrame label="Изменения цен">
          {/* Not a DataTable: its caption is shown, and the new price's colour depends on the row. */}
          <table className={`${tableClass} ${cat.list}`}>
            <caption className={cat.muted}>
              {bulk.count > bulk.rows.length ? `Первые ${bulk.rows.length} из ${bulk.count}` : 'Все изменения'}
            </caption>
            <thead>
              <tr>
                <th scope="col">Товар</th>
                <th scope="col">Размер</th>
                <th scope="col" className={cat.num}>
                  Цена
                </th>
                <th scope="col" className={cat.num}>
                  Новая цена
                </th>
                <th scope="col" className={cat.num}>
                  Старая цена
                </th>
              </tr>
            </thead>
            <tbody>
              {bulk.rows.map((r) => (
                <tr key={r.offerId}>
                  <td>
                    {r.product}
                    <div className={cat.muted}>{`Арт. ${r.article}`}</div>
                  </td>
                  <td>{r.size}</td>
                  <td className={cat.num}>{formatAmount(r.price)}</td>
                  <td className={`${cat.num} ${r.newPrice < r.price ? cat.down : r.newPrice > r.price ? cat.up : ''}`}>
                    {`→ ${formatAmount(r.newPrice)}`}
                  </td>
                  <td className={cat.num}>{r.newOldPrice === null ? '—' : formatAmount(r.newOldPrice)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
      {!bulk.applied && bulk.count > 0 && (
        <Form method="post">
          {hidden.map(([name, v]) => (
            <input key={name} type="hidden" name={name} value={v} />
          ))}
          <input type="hidden" name="kind" value={bulk.rule.kind} />
          <input type="hidden" name="value" value={value} />
          <input type="hidden" name="keepOld" value={bulk.keepOld ? '1' : ''} />
          <input type="hidden" name="expected" value={bulk.count} />
          <button type="submit" name="intent" value="apply" className={styles.danger}>
            {`Применить к ${bulk.count} размерам`}
          </button>
        </Form>
      )}
    </div>
  );
}

export const ErrorBoundary = deskBoundary('Каталог', CATALOG_BACK);
