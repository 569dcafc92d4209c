import { data, Form } from 'react-router';
import { cachePolicy } from '../../../contract/cache-policy';
import { sectionEditInput } from '../../../domain/catalog/admin/admin.schemas';
import { CATALOGUE_BACK, CatalogueTabs } from '~/components/admin/CatalogueTabs';
import { DeskRefusal } from '~/components/admin/kit';
import { refused, staffPage } from '~/lib/admin';
import styles from './admin.module.css';
import cat from './catalogue.module.css';
import type { Route } from './+types/sections';

/** The catalogue's sections (issue 28.1) as a tree: name, address and sort; a rename keeps the address. */
export async function loader({ request, context }: Route.LoaderArgs) {
  staffPage(request, context, 'catalog.edit');
  return { sections: await context.services.catalogAdmin.sections(context.ctx) };
}

interface SectionOutcome {
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
  const id = field('id');
  const values = { name: field('name'), url: field('url'), sort: field('sort') };
  if (!/^\d{1,9}$/.test(id)) return data<SectionOutcome>({ error: 'Раздел не найден.' }, { status: 404 });
  const parsed = sectionEditInput.safeParse(values);
  if (!parsed.success)
    return data<SectionOutcome>(
      { id, values, error: parsed.error.issues[0]?.message ?? 'Проверьте поля раздела.' },
      { status: 400 },
    );
  try {
    const section = await context.services.catalogAdmin.editSection(context.ctx, Number(id), parsed.data);
    return { id, notice: `Раздел «${section.name}» сохранён.` } satisfies SectionOutcome;
  } catch (error) {
    return refused(error, { id, values } as SectionOutcome);
  }
}

export const headers = cachePolicy('private');

export function meta() {
  return [{ title: 'Разделы — Каталог — ВЬЮГА' }, { name: 'robots', content: 'noindex' }];
}

const DEPTH = [undefined, undefined, cat.depth1, cat.depth2, cat.depth3];

export default function Sections({ loaderData, actionData }: Route.ComponentProps) {
  const { sections } = loaderData;
  const result = actionData as SectionOutcome | undefined;
  const about = sections.find((s) => String(s.id) === result?.id);
  return (
    <>
      <div className={cat.head}>
        <h1>Каталог</h1>
      </div>
      <CatalogueTabs />
      <p className={cat.muted}>
        Переименование не меняет адрес раздела: ссылки на него продолжают работать. Меньшая сортировка — выше в меню и
        списках.
      </p>
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
        <table className={`${styles.table} ${cat.list}`}>
          <caption className="visually-hidden">Разделы каталога</caption>
          <thead>
            <tr>
              <th scope="col">Раздел</th>
              <th scope="col" className={cat.num}>
                Товаров
              </th>
            </tr>
          </thead>
          <tbody>
            {sections.map((s) => {
              const mine = result?.id === String(s.id) && result.error ? result.values : undefined;
              return (
                <tr key={`${s.id}-${s.name}-${s.url}-${s.sort}`}>
                  <td className={DEPTH[Math.min(s.depth, 4)]}>
                    <Form method="post" className={cat.rowForm}>
                      <input type="hidden" name="id" value={s.id} />
                      <label>
                        <span className="visually-hidden">{`Название раздела ${s.name}`}</span>
                        <input name="name" defaultValue={mine?.name ?? s.name} className={cat.name} required />
                      </label>
                      <label>
                        <span className="visually-hidden">{`Адрес раздела ${s.name}`}</span>
                        <input name="url" defaultValue={mine?.url ?? s.url} className={cat.url} required />
                      </label>
                      <label>
                        <span className="visually-hidden">{`Сортировка раздела ${s.name}`}</span>
                        <input
                          name="sort"
                          defaultValue={mine?.sort ?? String(s.sort)}
                          className={cat.sort}
                          inputMode="numeric"
                        />
                      </label>
                      <button type="submit" className={cat.small} aria-label={`Сохранить раздел ${s.name}`}>
                        Сохранить
                      </button>
                    </Form>
                  </td>
                  <td className={cat.num}>{s.products}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <DeskRefusal title="Разделы" error={error} back={CATALOGUE_BACK} />;
}
