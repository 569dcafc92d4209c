import { Form } from 'react-router';
import { cachePolicy } from '../../../contract/cache-policy';
import { brandCreateInput, brandEditInput } from '../../../domain/catalog/admin/admin.schemas';
import { CATALOG_BACK, CatalogHead } from '~/components/admin/CatalogHead';
import { DataTable, deskBoundary, FormResult, TableFrame } from '~/components/admin/kit';
import { staffPage } from '~/lib/admin';
import { type FormOutcome, intent, staffAction } from '~/lib/admin-action';
import { notFound } from '../../../domain/catalog/admin/not-found';
import styles from './admin.module.css';
import cat from './catalog.module.css';
import type { Route } from './+types/brands';

/** The catalogue's brands (issue 28.1): name and text editable; a new brand with a unique code. */
export async function loader({ request, context }: Route.LoaderArgs) {
  staffPage(request, context, 'catalog.edit');
  return { brands: await context.services.catalogAdmin.brands(context.ctx) };
}

export const action = staffAction('catalog.edit', {
  create: intent({
    schema: brandCreateInput,
    async run({ input, context }) {
      const brand = await context.services.catalogAdmin.createBrand(context.ctx, input);
      return `Бренд «${brand.name}» создан.`;
    },
  }),
  edit: intent({
    schema: brandEditInput,
    async run({ input, form, context }) {
      const brand = await context.services.catalogAdmin.editBrand(context.ctx, form.id('id', notFound.brand), input);
      return `Бренд «${brand.name}» сохранён.`;
    },
  }),
});

export const headers = cachePolicy('private');

export function meta() {
  return [{ title: 'Бренды — Каталог — ВЬЮГА' }, { name: 'robots', content: 'noindex' }];
}

export default function Brands({ loaderData, actionData }: Route.ComponentProps) {
  const { brands } = loaderData;
  const result = actionData as FormOutcome | undefined;
  const created = result?.intent === 'create' && result.error ? (result.values ?? {}) : {};
  const about = brands.find((b) => String(b.id) === result?.values?.id);
  return (
    <>
      <CatalogHead />
      <FormResult
        result={result && about && result.error ? { ...result, error: `${about.name}: ${result.error}` } : result}
      />
      <TableFrame label="Бренды">
        <DataTable
          caption="Бренды"
          rows={brands}
          rowKey={(b) => `${b.id}-${b.name}-${b.text}`}
          columns={[
            {
              title: 'Код',
              cell: (b) => (
                <a href={`/brands/${b.code}/`} className={cat.link}>
                  {b.code}
                </a>
              ),
            },
            {
              title: 'Название и текст',
              cell: (b) => {
                const mine =
                  result?.intent === 'edit' && result.values?.id === String(b.id) && result.error
                    ? result.values
                    : undefined;
                return (
                  <Form method="post" className={cat.brandForm}>
                    <input type="hidden" name="intent" value="edit" />
                    <input type="hidden" name="id" value={b.id} />
                    <div className={cat.rowForm}>
                      <label>
                        <span className="visually-hidden">{`Название бренда ${b.code}`}</span>
                        <input name="name" defaultValue={mine?.name ?? b.name} className={cat.name} required />
                      </label>
                      <button type="submit" className={cat.small} aria-label={`Сохранить бренд ${b.name}`}>
                        Сохранить
                      </button>
                    </div>
                    <label>
                      <span className="visually-hidden">{`Текст о бренде ${b.name}`}</span>
                      <textarea name="text" defaultValue={mine?.text ?? b.text} className={cat.brandText} rows={3} />
                    </label>
                  </Form>
                );
              },
            },
            { title: 'Товаров', className: cat.num, cell: (b) => b.products },
          ]}
        />
      </TableFrame>
      <Form
        method="post"
        className={cat.create}
        key={result?.intent === 'create' && result.notice ? result.done : 'new'}
      >
        <h2>Новый бренд</h2>
        <input type="hidden" name="intent" value="create" />
        <label>
          Код (адрес страницы /brands/код/)
          <input name="code" defaultValue={created.code} required pattern="[a-z0-9][a-z0-9\-]{0,39}" />
        </label>
        <label>
          Название
          <input name="name" defaultValue={created.name} required />
        </label>
        <label>
          Текст о бренде
          <textarea name="text" defaultValue={created.text} rows={3} />
        </label>
        <button type="submit" className={styles.button}>
          Создать бренд
        </button>
      </Form>
    </>
  );
}

export const ErrorBoundary = deskBoundary('Бренды', CATALOG_BACK);
