import { Form, Link, type ShouldRevalidateFunction } from 'react-router';
import { cachePolicy } from '../../../contract/cache-policy';
import { imageUrl } from '../../../contract/images';
import { offerPriceInput, parcelFactsInput, productEditInput } from '../../../domain/catalog/admin/admin.schemas';
import { OWNED_BY_1C_NOTE } from '../../../domain/catalog/admin/catalog-admin';
import { formatAmount } from '../../../domain/pricing/price';
import { CATALOG_BACK } from '~/components/admin/CatalogHead';
import { CardHead, Choice, deskBoundary, FormResult, tableClass, TableFrame } from '~/components/admin/kit';
import { staffPage } from '~/lib/admin';
import { type FormOutcome, intent, loaderRefusal, type PostedForm, staffAction } from '~/lib/admin-action';
import { ParcelFields } from '~/components/admin/ParcelFields';
import { parcelFieldsOf, productIdParam, roublesField } from '~/lib/admin-catalog';
import { DomainError } from '../../../domain/errors';
import styles from './admin.module.css';
import cat from './catalog.module.css';
import type { Route } from './+types/product';

/** A product's card (issue 28.1): its fields, sizes and prices, photos and publishing. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  staffPage(request, context, 'catalog.edit');
  const id = productIdParam(params.id);
  const { services, ctx } = context;
  const [product, sections, brands] = await Promise.all([
    services.catalogAdmin.card(ctx, id).catch(loaderRefusal),
    services.catalogAdmin.sections(ctx),
    services.catalogAdmin.brands(ctx),
  ]);
  return {
    product,
    imgVersion: context.options.imgVersion,
    sections: sections.map((s) => ({ id: s.id, name: `${'— '.repeat(Math.max(0, s.depth - 1))}${s.name}` })),
    brands: brands.map((b) => ({ id: b.id, name: b.name })),
  };
}

const offerIdInput = (form: PostedForm) => form.text('offerId');

export const action = staffAction('catalog.edit', {
  price: intent({
    read: (form) => ({ price: form.text('price'), oldPrice: form.text('oldPrice') }),
    schema: offerPriceInput,
    async run({ input, form, context }) {
      const offerId = offerIdInput(form);
      if (!/^\d{1,9}$/.test(offerId)) throw new DomainError('not_found', 'Размер товара не найден.', 'OFFER_NOT_FOUND');
      const offer = await context.services.catalogAdmin.setPrice(context.ctx, Number(offerId), input);
      return `Цена размера ${offer.size} сохранена.`;
    },
  }),
  edit: intent({
    read: (form) =>
      Object.fromEntries(
        ['name', 'description', 'sectionId', 'brandId'].map((name) => [
          name,
          form.has(name) ? form.text(name) : undefined,
        ]),
      ),
    schema: productEditInput,
    async run({ input, context, params }) {
      await context.services.catalogAdmin.edit(context.ctx, productIdParam(params.id), input);
      return 'Товар сохранён.';
    },
  }),
  parcel: intent({
    read: (form) => parcelFieldsOf(form),
    schema: parcelFactsInput,
    async run({ input, context, params }) {
      await context.services.catalogAdmin.edit(context.ctx, productIdParam(params.id), input);
      return 'Вес и размеры сохранены.';
    },
  }),
  publish: intent({
    async run({ form, context, params }) {
      const published = form.text('published') === '1';
      await context.services.catalogAdmin.edit(context.ctx, productIdParam(params.id), { published });
      return published ? 'Товар опубликован: он снова на сайте.' : 'Товар снят с сайта.';
    },
  }),
});

/** After any post the card is read again: prices and the lowest price follow the change. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod === 'POST' || defaultShouldRevalidate;

export const headers = cachePolicy('private');

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: data ? `${data.product.name} — Каталог — ВЬЮГА` : 'Товар — ВЬЮГА' },
    { name: 'robots', content: 'noindex' },
  ];
}

function Owned() {
  return <p className={cat.note}>{OWNED_BY_1C_NOTE}</p>;
}

export default function ProductCard({ loaderData, actionData }: Route.ComponentProps) {
  const { product: p, sections, brands, imgVersion } = loaderData;
  const result = actionData as FormOutcome | undefined;
  const editValues = (result?.intent === 'edit' && result.error && result.values) || {};
  return (
    <>
      <CardHead back={{ to: '/admin/products/', label: 'Все товары' }} title={p.name}>
        <span className={cat.badge} data-on={p.published}>
          {p.published ? 'опубликован' : 'снят с сайта'}
        </span>
      </CardHead>
      <p className={cat.muted}>
        {`Арт. ${p.article} · код ${p.code} · цвет ${p.color} · `}
        <a href={p.url} className={cat.link}>
          страница на сайте
        </a>
      </p>
      <section className={cat.publishBar} aria-labelledby="product-publish">
        <h2 id="product-publish">На сайте</h2>
        <Form method="post" className={cat.publish}>
          <input type="hidden" name="intent" value="publish" />
          <input type="hidden" name="published" value={p.published ? '0' : '1'} />
          <span>{p.published ? 'Товар виден покупателям.' : 'Товар скрыт от покупателей.'}</span>
          <button type="submit" className={p.published ? styles.danger : styles.button}>
            {p.published ? 'Снять с сайта' : 'Опубликовать'}
          </button>
        </Form>
        <FormResult result={result} intent="publish" />
        <Form method="post" action="/admin/products/new/" className={cat.publish}>
          <input type="hidden" name="intent" value="copy" />
          <input type="hidden" name="id" value={p.id} />
          <button type="submit" className={styles.button}>
            Копировать товар
          </button>
        </Form>
      </section>
      <div className={cat.card}>
        <div className={cat.column}>
          <section className={cat.block} aria-labelledby="product-fields">
            <h2 id="product-fields">Описание</h2>
            <FormResult result={result} intent="edit" />
            {p.ownedBy1C ? (
              <div className={cat.fields}>
                <Owned />
                <div>
                  <div className={cat.muted}>Название</div>
                  <div className={cat.readonly}>{p.name}</div>
                </div>
                <div>
                  <div className={cat.muted}>Описание</div>
                  <div className={cat.readonly}>{p.description || '—'}</div>
                </div>
                <div>
                  <div className={cat.muted}>Раздел</div>
                  <div className={cat.readonly}>{p.section.name}</div>
                </div>
                <div>
                  <div className={cat.muted}>Бренд</div>
                  <div className={cat.readonly}>{p.brand.name}</div>
                </div>
              </div>
            ) : (
              <Form method="post" className={cat.fields} key={`${p.name}|${p.section.id}|${p.brand.id}`}>
                <input type="hidden" name="intent" value="edit" />
                <label>
                  Название
                  <input name="name" defaultValue={editValues.name ?? p.name} required maxLength={200} />
                </label>
                <label>
                  Описание
                  <textarea name="description" defaultValue={editValues.description ?? p.description} />
                </label>
                <Choice
                  label="Раздел"
                  name="sectionId"
                  value={String(editValues.sectionId ?? p.section.id)}
                  options={sections}
                />
                <Choice
                  label="Бренд"
                  name="brandId"
                  value={String(editValues.brandId ?? p.brand.id)}
                  options={brands}
                />
                <button type="submit" className={styles.button}>
                  Сохранить
                </button>
              </Form>
            )}
          </section>

          <section className={cat.block} aria-labelledby="product-sizes">
            <h2 id="product-sizes">Размеры и цены</h2>
            <FormResult result={result} intent="price" />
            <TableFrame label="Цены размеров, в рублях">
              <table className={`${tableClass} ${cat.sizes}`}>
                <caption className="visually-hidden">Цены размеров, в рублях</caption>
                <thead>
                  <tr>
                    <th scope="col">Размер</th>
                    <th scope="col">Цена, ₽</th>
                    <th scope="col">Старая цена, ₽</th>
                    <th scope="col" className={cat.num}>
                      Остаток
                    </th>
                    <th scope="col">
                      <span className="visually-hidden">Сохранить</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {p.offers.map((o) => {
                    const formId = `price-${o.id}`;
                    const mine =
                      result?.intent === 'price' && result.values?.offerId === String(o.id) ? result : undefined;
                    return (
                      <tr key={`${o.id}-${o.price}-${o.oldPrice}`}>
                        <th scope="row">{o.size}</th>
                        {o.ownedBy1C ? (
                          <>
                            <td className="price">{formatAmount(o.price)}</td>
                            <td className="price">{o.oldPrice === null ? '—' : formatAmount(o.oldPrice)}</td>
                          </>
                        ) : (
                          <>
                            <td>
                              <label>
                                <span className="visually-hidden">{`Цена размера ${o.size}, ₽`}</span>
                                <input
                                  form={formId}
                                  name="price"
                                  inputMode="decimal"
                                  defaultValue={mine?.values?.price ?? roublesField(o.price)}
                                  required
                                />
                              </label>
                            </td>
                            <td>
                              <label>
                                <span className="visually-hidden">{`Старая цена размера ${o.size}, ₽`}</span>
                                <input
                                  form={formId}
                                  name="oldPrice"
                                  inputMode="decimal"
                                  defaultValue={mine?.values?.oldPrice ?? roublesField(o.oldPrice)}
                                  placeholder="нет"
                                />
                              </label>
                            </td>
                          </>
                        )}
                        <td className={cat.num}>
                          <Link
                            to={`/admin/stock/?productId=${p.id}`}
                            className={cat.link}
                            aria-label={`Остаток размера ${o.size}: ${o.stock} шт., по магазинам`}
                          >
                            {o.stock}
                          </Link>
                        </td>
                        <td>
                          {o.ownedBy1C ? (
                            <span className={cat.muted}>из 1С</span>
                          ) : (
                            <Form method="post" id={formId}>
                              <input type="hidden" name="intent" value="price" />
                              <input type="hidden" name="offerId" value={o.id} />
                              <button
                                type="submit"
                                className={cat.small}
                                aria-label={`Сохранить цену размера ${o.size}`}
                              >
                                Сохранить
                              </button>
                            </Form>
                          )}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </TableFrame>
            {p.offers.some((o) => o.ownedBy1C) && <Owned />}
            <p className={cat.muted}>
              {`Цена на витрине: от ${formatAmount(p.minPrice)}`}
              {p.oldPrice !== null && `, старая ${formatAmount(p.oldPrice)}, скидка ${p.discountPercent} %`}
              {'. Старая цена — больше цены, или пусто. '}
              <Link to={`/admin/stock/?productId=${p.id}`} className={cat.link}>
                Остатки по магазинам
              </Link>
            </p>
          </section>
        </div>

        <div className={cat.column}>
          <section className={cat.block} aria-labelledby="product-photos">
            <h2 id="product-photos">Фото</h2>
            {p.images.length === 0 ? (
              <p className={cat.muted}>Фото нет.</p>
            ) : (
              <ul className={cat.photos}>
                {p.images.map((image, i) => (
                  <li key={image.id}>
                    <img
                      src={imageUrl(image.file, 'thumb', imgVersion)}
                      alt={i === 0 ? `Главное фото: ${p.name}` : `Фото ${i + 1}: ${p.name}`}
                      width={78}
                      height={116}
                      className={i === 0 ? cat.main : undefined}
                    />
                    {i === 0 && <span>Главное фото</span>}
                  </li>
                ))}
              </ul>
            )}
            <Link to={`/admin/products/${p.id}/photos/`} className={cat.link}>
              Изменить фото
            </Link>
          </section>

          <section className={cat.block} aria-labelledby="product-parcel">
            <h2 id="product-parcel">Вес и размеры в упаковке</h2>
            <FormResult result={result} intent="parcel" />
            <Form
              method="post"
              className={cat.parcel}
              key={`${p.parcel.own.weight}|${p.parcel.own.length}|${p.parcel.own.width}|${p.parcel.own.height}`}
            >
              <input type="hidden" name="intent" value="parcel" />
              <ParcelFields
                values={(result?.intent === 'parcel' && result.error && result.values) || p.parcel.own}
                hints={p.parcel.used}
              />
              <button type="submit" className={styles.button}>
                Сохранить
              </button>
            </Form>
            <p className={cat.muted}>
              {`Одна единица товара в упаковке: вес в граммах, длина, ширина и высота в сантиметрах. Пустое поле — по разделу; сейчас доставка считает ${p.parcel.used.weight} г, ${p.parcel.used.length}×${p.parcel.used.width}×${p.parcel.used.height} см.`}
              {p.ownedBy1C && ' Если 1С передаёт вес или размеры, следующий обмен их перезапишет.'}
            </p>
          </section>

          <section className={cat.block} aria-labelledby="product-props">
            <h2 id="product-props">Свойства</h2>
            {p.props.length === 0 ? (
              <p className={cat.muted}>Свойств нет.</p>
            ) : (
              <dl className={cat.props}>
                {p.props.map((prop) => (
                  <div key={prop.name} style={{ display: 'contents' }}>
                    <dt>{prop.name}</dt>
                    <dd>{prop.value}</dd>
                  </div>
                ))}
              </dl>
            )}
          </section>

          <section className={cat.block} aria-labelledby="product-colours">
            <h2 id="product-colours">Другие цвета модели</h2>
            {p.variants.length === 0 ? (
              <p className={cat.muted}>Других цветов нет.</p>
            ) : (
              <ul className={cat.plain}>
                {p.variants.map((v) => (
                  <li key={v.id}>
                    <Link to={`/admin/products/${v.id}/`} className={cat.link}>
                      {`${v.color} — ${v.name}`}
                    </Link>
                    {!v.published && <span className={cat.muted}> (снят с сайта)</span>}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </div>
    </>
  );
}

export const ErrorBoundary = deskBoundary('Товар', CATALOG_BACK);
