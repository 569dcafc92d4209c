import { Form, Link } from 'react-router';
import { DomainError } from '../../../domain/errors';
import {
  cleanSelection,
  faqInput,
  landingInput,
  pageInput,
  selectionInput,
} from '../../../domain/content/content-admin.schemas';
import { renderMarkdown } from '~/lib/markdown.server';
import { staffPage } from '~/lib/admin';
import { type FormOutcome, intent, type PostedForm, staffAction } from '~/lib/admin-action';
import { FaqEditor } from '~/components/admin/content/FaqEditor';
import { LandingEditor, type LandingOutcome } from '~/components/admin/content/LandingEditor';
import { type PageOutcome, Pages } from '~/components/admin/content/PagesEditor';
import { FormResult } from '~/components/admin/kit';
import { cachePolicy } from '../../../contract/cache-policy';
import admin from './admin.module.css';
import styles from './content.module.css';
import type { Route } from './+types/content';

const TABS = { pages: 'Страницы', faq: 'Вопросы и ответы (FAQ)', landings: 'Лендинги' } as const;
type Tab = keyof typeof TABS;
const tabOf = (value: string | null | undefined): Tab => (value === 'faq' || value === 'landings' ? value : 'pages');

/** The content desk (issue 28.4): the information pages, the FAQ, the landing pages and the reload command. */
export async function loader({ request, context }: Route.LoaderArgs) {
  staffPage(request, context, 'content.edit');
  const { services, ctx } = context;
  const params = new URL(request.url).searchParams;
  const tab = tabOf(params.get('tab'));
  const id = params.get('id');
  const facts = await services.contentAdmin.facts(ctx);
  if (tab === 'faq') return { tab, facts, faq: await services.contentAdmin.faq(ctx) };
  if (tab === 'landings') {
    const landings = await services.contentAdmin.landings(ctx);
    const landing = landings.find((l) => String(l.id) === id) ?? null;
    const preview = landing ? await services.contentAdmin.landingPreview(ctx, landing.selection) : null;
    return { tab, facts, landings, landing, preview, isNew: id === 'new' };
  }
  const pages = await services.contentAdmin.pages(ctx);
  return { tab, facts, pages, page: pages.find((p) => String(p.id) === id) ?? null, isNew: id === 'new' };
}

const contentId = (form: PostedForm) => (/^\d{1,9}$/.test(form.text('id')) ? Number(form.text('id')) : null);
/** A landing form's fields, its selection gathered as the schema reads it. */
const landingFields = (form: PostedForm) => {
  const fields = form.values();
  const one = (name: string) => form.text(name);
  return {
    ...fields,
    selection: {
      sectionIds: one('sectionIds'),
      brandIds: one('brandIds'),
      props: one('props'),
      isNew: one('isNew'),
      ids: one('ids'),
    },
  };
};

export const action = staffAction('content.edit', {
  page: intent({
    schema: pageInput,
    async run({ input, form, context }) {
      const page = await context.services.contentAdmin.savePage(context.ctx, contentId(form), input);
      return { notice: `Страница «${page.title}» сохранена.`, values: { ...form.values(), id: String(page.id) } };
    },
  }),
  preview: intent({
    async run({ form, context }) {
      const html = renderMarkdown(await context.services.contentAdmin.preview(context.ctx, form.text('body')));
      return { html, values: form.values() };
    },
  }),
  faq: intent({
    schema: faqInput,
    async run({ input, form, context }) {
      const item = await context.services.contentAdmin.saveFaq(context.ctx, contentId(form), input);
      return { notice: `Вопрос «${item.question}» сохранён.`, values: { id: form.text('id') } };
    },
  }),
  'faq-delete': intent({
    confirm: 'Отметьте, что хотите удалить вопрос.',
    async run({ form, context }) {
      const id = form.id('id', () => new DomainError('not_found', 'Вопрос не найден.', 'CONTENT_NOT_FOUND'));
      await context.services.contentAdmin.deleteFaq(context.ctx, id);
      return { notice: 'Вопрос удалён.', values: { id: '' } };
    },
  }),
  landing: intent({
    read: landingFields,
    schema: landingInput,
    async run({ input, form, context }) {
      const { contentAdmin } = context.services;
      const landing = await contentAdmin.saveLanding(context.ctx, contentId(form), input);
      return {
        notice: `Лендинг «${landing.title}» сохранён.`,
        values: form.values(),
        preview: await contentAdmin.landingPreview(context.ctx, landing.selection),
      };
    },
  }),
  'landing-preview': intent({
    read: (form) => landingFields(form).selection,
    schema: selectionInput,
    async run({ input, form, context }) {
      const preview = await context.services.contentAdmin.landingPreview(context.ctx, cleanSelection(input));
      return { preview, values: form.values() };
    },
  }),
  reload: intent({
    async run({ context }) {
      const pages = await context.services.contentAdmin.reloadPages(context.ctx, () => context.reloadOpenPages());
      return `Команда отправлена: открытых страниц — ${pages}.`;
    },
  }),
});

export const headers = cachePolicy('private');

export default function Content({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as (FormOutcome & PageOutcome & LandingOutcome) | undefined;
  const tab = loaderData.tab;
  return (
    <>
      <h1>Контент</h1>
      <nav aria-label="Разделы контента">
        <ul className={styles.tabs}>
          {(Object.keys(TABS) as Tab[]).map((t) => (
            <li key={t}>
              <Link to={`/admin/content/?tab=${t}`} aria-current={t === tab ? 'page' : undefined}>
                {TABS[t]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {tab !== 'faq' && result?.intent !== 'reload' && <FormResult result={result} />}
      {loaderData.tab === 'pages' && (
        <Pages
          pages={loaderData.pages}
          page={loaderData.page}
          isNew={loaderData.isNew}
          result={result}
          facts={loaderData.facts}
        />
      )}
      {loaderData.tab === 'faq' && <FaqEditor faq={loaderData.faq} result={result} />}
      {loaderData.tab === 'landings' && (
        <>
          <p>
            <Link className={admin.link} to="/admin/content/?tab=landings&id=new">
              Новый лендинг
            </Link>
          </p>
          {(loaderData.landing || loaderData.isNew || result?.intent.startsWith('landing')) && (
            <LandingEditor landing={loaderData.landing} preview={loaderData.preview} result={result} />
          )}
          <h2>Все лендинги</h2>
          <ul>
            {loaderData.landings.map((l) => (
              <li key={l.id}>
                <Link className={admin.link} to={`/admin/content/?tab=landings&id=${l.id}`}>
                  {l.title}
                </Link>{' '}
                — {l.url}
                {l.published ? '' : ' (не опубликован)'}
              </li>
            ))}
          </ul>
        </>
      )}
      <section className={styles.reload} aria-labelledby="reload-title">
        <h2 id="reload-title">Обновить открытые страницы у покупателей</h2>
        <p className={admin.muted}>
          Каждая открытая страница магазина перезагрузится в течение 15 секунд и покажет новые тексты и цены. Нужно
          после крупных правок; корзины и заказы покупателей не теряются.
        </p>
        <FormResult result={result} intent="reload" />
        <Form method="post">
          <button type="submit" name="intent" value="reload" className={admin.button}>
            Обновить открытые страницы у покупателей
          </button>
        </Form>
      </section>
    </>
  );
}
