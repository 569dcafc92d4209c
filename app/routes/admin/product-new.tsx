import { Form, redirect } from 'react-router';
import { cachePolicy } from '../../../contract/cache-policy';
import { notFound } from '../../../domain/catalog/admin/not-found';
import { productCreateInput } from '../../../domain/catalog/admin/product-making.schemas';
import { CATALOG_BACK } from '~/components/admin/CatalogHead';
import { CardHead, Choice, deskBoundary, FormResult } from '~/components/admin/kit';
import { staffPage } from '~/lib/admin';
import { type FormOutcome, intent, loaderRefusal, type PostedForm, staffAction } from '~/lib/admin-action';
import styles from './admin.module.css';
import cat from './catalog.module.css';
import type { Route } from './+types/product-new';

/** Colour blocks and size rows the form offers (it works without JavaScript): empty ones are left out. */
const COLOUR_SLOTS = [0, 1, 2];
const SIZE_SLOTS = [0, 1, 2, 3, 4, 5];

/** A new product (issue 47.5): name, section, brand, article, description, colours each with sizes and prices. */
export async function loader({ request, context }: Route.LoaderArgs) {
  staffPage(request, context, 'catalog.edit');
  const { services, ctx } = context;
  const [sections, brands, colours] = await Promise.all([
    services.catalogAdmin.sections(ctx).catch(loaderRefusal),
    services.catalogAdmin.brands(ctx),
    services.productMaking.colours(ctx),
  ]);
  return {
    sections: sections.map((s) => ({ id: s.id, name: `${'— '.repeat(Math.max(0, s.depth - 1))}${s.name}` })),
    brands: brands.map((b) => ({ id: b.id, name: b.name })),
    colours: colours.map((c) => ({ id: c.code, name: c.name })),
  };
}

/** The form's colour blocks as the schema reads them: a block with no colour and no size typed is not there. */
const createRead = (form: PostedForm) => ({
  name: form.text('name'),
  article: form.text('article'),
  description: form.text('description'),
  sectionId: form.text('sectionId'),
  brandId: form.text('brandId'),
  published: form.text('published') === '1',
  colours: COLOUR_SLOTS.flatMap((i) => {
    const color = form.text(`color-${i}`);
    const sizes = SIZE_SLOTS.flatMap((j) => {
      const size = form.text(`size-${i}-${j}`);
      const price = form.text(`price-${i}-${j}`);
      const oldPrice = form.text(`old-${i}-${j}`);
      return size === '' && price === '' && oldPrice === '' ? [] : [{ size, price, oldPrice }];
    });
    return color === '' && sizes.length === 0 ? [] : [{ color, sizes }];
  }),
});

export const action = staffAction('catalog.edit', {
  create: intent({
    read: createRead,
    schema: productCreateInput,
    async run({ input, context }) {
      const made = await context.services.productMaking.create(context.ctx, input);
      return redirect(`/admin/products/${made.products[0]?.id}/?created=${made.products.length}`);
    },
  }),
  /** Posted from a product's card: its copy opens, off sale. */
  copy: intent({
    async run({ form, context }) {
      const copy = await context.services.productMaking.copy(context.ctx, form.id('id', notFound.product));
      return redirect(`/admin/products/${copy.id}/?copied=1`);
    },
  }),
});

export const headers = cachePolicy('private');

export function meta() {
  return [{ title: 'Новый товар — ВЬЮГА' }, { name: 'robots', content: 'noindex' }];
}

export default function ProductNew({ loaderData, actionData }: Route.ComponentProps) {
  const { sections, brands, colours } = loaderData;
  const result = actionData as FormOutcome | undefined;
  const v = (name: string) => {
    const value = result?.error ? result.values?.[name] : undefined;
    return typeof value === 'string' ? value : undefined;
  };
  return (
    <>
      <CardHead back={{ to: '/admin/products/', label: 'Все товары' }} title="Новый товар" />
      <p className={cat.muted}>
        Каждый цвет станет отдельной карточкой одной модели, как при обмене с 1С. Фотографии добавляются на карточке
        товара после создания. Пустые строки размеров не сохраняются.
      </p>
      <FormResult result={result} intent="create" />
      <Form method="post" className={cat.fields} key={result?.done}>
        <input type="hidden" name="intent" value="create" />
        <label>
          Название
          <input name="name" required minLength={2} maxLength={200} defaultValue={v('name')} />
        </label>
        <label>
          Артикул
          <input name="article" required maxLength={50} defaultValue={v('article')} />
        </label>
        <Choice label="Раздел" name="sectionId" value={v('sectionId')} options={sections} all="выберите" required />
        <Choice label="Бренд" name="brandId" value={v('brandId')} options={brands} all="выберите" required />
        <label>
          Описание
          <textarea name="description" maxLength={10_000} defaultValue={v('description')} />
        </label>
        <label className={cat.check}>
          <input
            type="checkbox"
            name="published"
            value="1"
            defaultChecked={result?.error ? v('published') === '1' : true}
          />
          опубликовать сразу
        </label>
        {COLOUR_SLOTS.map((i) => (
          <fieldset key={i} className={cat.bulk}>
            <legend>{`Цвет ${i + 1}${i === 0 ? '' : ' (необязательно)'}`}</legend>
            <Choice
              label={`Цвет ${i + 1}`}
              name={`color-${i}`}
              value={v(`color-${i}`)}
              options={colours}
              all="не выбран"
              required={i === 0}
            />
            {SIZE_SLOTS.map((j) => (
              <div key={j} className={cat.parcel}>
                <label>
                  {`Размер ${j + 1}`}
                  <input name={`size-${i}-${j}`} maxLength={20} defaultValue={v(`size-${i}-${j}`)} />
                </label>
                <label>
                  {`Цена ${j + 1}, ₽`}
                  <input name={`price-${i}-${j}`} inputMode="decimal" defaultValue={v(`price-${i}-${j}`)} />
                </label>
                <label>
                  {`Старая цена ${j + 1}, ₽`}
                  <input name={`old-${i}-${j}`} inputMode="decimal" defaultValue={v(`old-${i}-${j}`)} />
                </label>
              </div>
            ))}
          </fieldset>
        ))}
        <button type="submit" className={styles.button}>
          Создать товар
        </button>
      </Form>
    </>
  );
}

export const ErrorBoundary = deskBoundary('Новый товар', CATALOG_BACK);
