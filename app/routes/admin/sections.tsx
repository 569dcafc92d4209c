import { Form } from 'react-router';
import { cachePolicy } from '../../../contract/cache-policy';
import { sectionEditInput } from '../../../domain/catalog/admin/admin.schemas';
import { CATALOG_BACK, CatalogHead } from '~/components/admin/CatalogHead';
import { ParcelFields } from '~/components/admin/ParcelFields';
import { DataTable, deskBoundary, FormResult, TableFrame } from '~/components/admin/kit';
import { staffPage } from '~/lib/admin';
import { type FormOutcome, intent, staffAction } from '~/lib/admin-action';
import { parcelFieldsOf } from '~/lib/admin-catalog';
import { notFound } from '../../../domain/catalog/admin/not-found';
import cat from './catalog.module.css';
import type { Route } from './+types/sections';

/**
 * The catalogue's sections (issue 28.1) as a tree: name, address and sort; a rename keeps the address. Each section's
 * default packed weight and size (issue 42.6) for its products that have none.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  staffPage(request, context, 'catalog.edit');
  return { sections: await context.services.catalogAdmin.sections(context.ctx) };
}

export const action = staffAction('catalog.edit', {
  save: intent({
    read: (form) => ({
      name: form.text('name'),
      url: form.text('url'),
      sort: form.text('sort'),
      ...parcelFieldsOf(form),
    }),
    schema: sectionEditInput,
    async run({ input, form, context }) {
      const section = await context.services.catalogAdmin.editSection(
        context.ctx,
        form.id('id', notFound.section),
        input,
      );
      return `Раздел «${section.name}» сохранён.`;
    },
  }),
});

export const headers = cachePolicy('private');

export function meta() {
  return [{ title: 'Разделы — Каталог — ВЬЮГА' }, { name: 'robots', content: 'noindex' }];
}

const DEPTH = [undefined, undefined, cat.depth1, cat.depth2, cat.depth3];

export default function Sections({ loaderData, actionData }: Route.ComponentProps) {
  const { sections } = loaderData;
  const result = actionData as FormOutcome | undefined;
  const about = sections.find((s) => String(s.id) === result?.values?.id);
  return (
    <>
      <CatalogHead />
      <p className={cat.muted}>
        Переименование не меняет адрес раздела: ссылки на него продолжают работать. Меньшая сортировка — выше в меню и
        списках. Вес (г) и размеры (см) — упаковка одного товара раздела, у которого нет своих; пустое поле — как у
        родительского раздела.
      </p>
      <FormResult
        result={result && about && result.error ? { ...result, error: `${about.name}: ${result.error}` } : result}
      />
      <TableFrame label="Разделы каталога">
        <DataTable
          className={cat.list}
          caption="Разделы каталога"
          rows={sections}
          rowKey={(s) => `${s.id}-${s.name}-${s.url}-${s.sort}-${Object.values(s.parcel).join('x')}`}
          columns={[
            {
              title: 'Раздел',
              cell: (s) => {
                const mine = result?.values?.id === String(s.id) && result.error ? result.values : undefined;
                return (
                  <Form method="post" className={`${cat.rowForm} ${DEPTH[Math.min(s.depth, 4)] ?? ''}`}>
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
                    <ParcelFields values={mine ?? s.parcel} of={`раздела ${s.name}`} className={cat.parcelCell} />
                    <button type="submit" className={cat.small} aria-label={`Сохранить раздел ${s.name}`}>
                      Сохранить
                    </button>
                  </Form>
                );
              },
            },
            { title: 'Товаров', className: cat.num, cell: (s) => s.products },
          ]}
        />
      </TableFrame>
    </>
  );
}

export const ErrorBoundary = deskBoundary('Разделы', CATALOG_BACK);
