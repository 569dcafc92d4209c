import { data, Form } from 'react-router';
import { cachePolicy } from '../../../contract/cache-policy';
import { brandCreateInput, brandEditInput } from '../../../domain/catalog/admin/admin.schemas';
import { CATALOGUE_BACK, CatalogueTabs } from '~/components/admin/CatalogueTabs';
import { DeskRefusal } from '~/components/admin/kit';
import { refused, staffPage } from '~/lib/admin';
import styles from './admin.module.css';
import cat from './catalogue.module.css';
import type { Route } from './+types/brands';

/** The catalogue's brands (issue 28.1): name and text editable; a new brand with a unique code. */
export async function loader({ request, context }: Route.LoaderArgs) {
  staffPage(request, context, 'catalog.edit');
  return { brands: await context.services.catalogAdmin.brands(context.ctx) };
}

interface BrandOutcome {
  intent: 'create' | 'edit';
  id?: string;
  notice?: string;
  error?: string;
  values?: Record<string, string>;
}

export async function action({ request, context }: Route.ActionArgs) {
  staffPage(request, context, 'catalog.edit');
  const form = await request.formData().catch(() => new FormData());
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const intent = field('intent') === 'create' ? 'create' : 'edit';
  const values = { code: field('code'), name: field('name'), text: field('text') };
  try {
    if (intent === 'create') {
      const parsed = brandCreateInput.safeParse(values);
      if (!parsed.success)
        return data<BrandOutcome>(
          { intent, values, error: parsed.error.issues[0]?.message ?? 'Проверьте поля бренда.' },
          { status: 400 },
        );
      const brand = await context.services.catalogAdmin.createBrand(context.ctx, parsed.data);
      return { intent, notice: `Бренд «${brand.name}» создан.` } satisfies BrandOutcome;
    }
    const id = field('id');
    if (!/^\d{1,9}$/.test(id)) return data<BrandOutcome>({ intent, error: 'Бренд не найден.' }, { status: 404 });
    const parsed = brandEditInput.safeParse({ name: values.name, text: values.text });
    if (!parsed.success)
      return data<BrandOutcome>(
        { intent, id, values, error: parsed.error.issues[0]?.message ?? 'Проверьте поля бренда.' },
        { status: 400 },
      );
    const brand = await context.services.catalogAdmin.editBrand(context.ctx, Number(id), parsed.data);
    return { intent, id, notice: `Бренд «${brand.name}» сохранён.` } satisfies BrandOutcome;
  } catch (error) {
    return refused(error, { intent, id: field('id'), values } as BrandOutcome);
  }
}

export const headers = cachePolicy('private');

export function meta() {
  return [{ title: 'Бренды — Каталог — ВЬЮГА' }, { name: 'robots', content: 'noindex' }];
}

export default function Brands({ loaderData, actionData }: Route.ComponentProps) {
  const { brands } = loaderData;
  const result = actionData as BrandOutcome | undefined;
  const created = result?.intent === 'create' && result.error ? (result.values ?? {}) : {};
  const about = brands.find((b) => String(b.id) === result?.id);
  return (
    <>
      <div className={cat.head}>
        <h1>Каталог</h1>
      </div>
      <CatalogueTabs />
      {result?.notice && (
        <p className={styles.notice} role="status">
          {result.notice}
        </p>
      )}
      {result?.error && (
        <p className={styles.error} role="alert">
          {about ? `${about.name}: ${result.error}` : result.error}
        </p>
      )}
      <div className={cat.scroll}>
        <table className={styles.table}>
          <caption className="visually-hidden">Бренды</caption>
          <thead>
            <tr>
              <th scope="col">Код</th>
              <th scope="col">Название и текст</th>
              <th scope="col" className={cat.num}>
                Товаров
              </th>
            </tr>
          </thead>
          <tbody>
            {brands.map((b) => {
              const mine =
                result?.intent === 'edit' && result.id === String(b.id) && result.error ? result.values : undefined;
              return (
                <tr key={`${b.id}-${b.name}-${b.text}`}>
                  <td>
                    <a href={`/brands/${b.code}/`} className={cat.link}>
                      {b.code}
                    </a>
                  </td>
                  <td>
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
                  </td>
                  <td className={cat.num}>{b.products}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Form
        method="post"
        className={cat.create}
        key={result?.intent === 'create' && result.notice ? result.notice : 'new'}
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

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <DeskRefusal title="Бренды" error={error} back={CATALOGUE_BACK} />;
}
