import { data, Form, Link } from 'react-router';
import { MENU_SECTIONS } from '../../../domain/content/content';
import type { AdminFaqItem, AdminLanding, AdminPage, LandingPreview } from '../../../domain/content/content-admin';
import {
  cleanSelection,
  faqInput,
  landingInput,
  pageInput,
  selectionInput,
} from '../../../domain/content/content-admin.schemas';
import { renderMarkdown } from '~/lib/markdown.server';
import { refused, staffPage } from '~/lib/admin';
import { formFields } from '~/lib/cabinet';
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

interface ContentResult {
  form: string;
  notice?: string;
  error?: string;
  values?: Record<string, string>;
  html?: string;
  preview?: LandingPreview;
}

const firstIssue = (error: { issues: { message: string }[] }) => error.issues[0]?.message ?? 'Проверьте форму.';

export async function action({ request, context }: Route.ActionArgs) {
  staffPage(request, context, 'content.edit');
  const { services, ctx } = context;
  const fields = await formFields(request);
  const { intent = '' } = fields;
  const id = /^\d{1,9}$/.test(fields.id ?? '') ? Number(fields.id) : null;
  const result: ContentResult = { form: intent, values: fields };
  const bad = (message: string) => data({ ...result, error: message }, { status: 400 });
  try {
    if (intent === 'page' || intent === 'preview') {
      if (intent === 'preview') {
        const html = renderMarkdown(await services.contentAdmin.preview(ctx, fields.body ?? ''));
        return { ...result, html };
      }
      const input = pageInput.safeParse(fields);
      if (!input.success) return bad(firstIssue(input.error));
      const page = await services.contentAdmin.savePage(ctx, id, input.data);
      return {
        form: intent,
        notice: `Страница «${page.title}» сохранена.`,
        values: { ...fields, id: String(page.id) },
      };
    }
    if (intent === 'faq') {
      const input = faqInput.safeParse(fields);
      if (!input.success) return bad(firstIssue(input.error));
      const item = await services.contentAdmin.saveFaq(ctx, id, input.data);
      return { form: `faq-${id ?? 'new'}`, notice: `Вопрос «${item.question}» сохранён.` };
    }
    if (intent === 'faq-delete' && id !== null) {
      await services.contentAdmin.deleteFaq(ctx, id);
      return { form: 'faq-new', notice: 'Вопрос удалён.' };
    }
    if (intent === 'landing' || intent === 'landing-preview') {
      const raw = {
        ...fields,
        selection: {
          sectionIds: fields.sectionIds,
          brandIds: fields.brandIds,
          props: fields.props,
          isNew: fields.isNew,
          ids: fields.ids,
        },
      };
      if (intent === 'landing-preview') {
        const selection = selectionInput.safeParse(raw.selection);
        if (!selection.success) return bad(firstIssue(selection.error));
        return { ...result, preview: await services.contentAdmin.landingPreview(ctx, cleanSelection(selection.data)) };
      }
      const input = landingInput.safeParse(raw);
      if (!input.success) return bad(firstIssue(input.error));
      const landing = await services.contentAdmin.saveLanding(ctx, id, input.data);
      return {
        ...result,
        notice: `Лендинг «${landing.title}» сохранён.`,
        preview: await services.contentAdmin.landingPreview(ctx, landing.selection),
      };
    }
    if (intent === 'reload') {
      const pages = await services.contentAdmin.reloadPages(ctx, () => context.reloadOpenPages());
      return { form: 'reload', notice: `Команда отправлена: открытых страниц — ${pages}.` };
    }
    return bad('Неизвестное действие формы.');
  } catch (error) {
    return refused(error, result);
  }
}

export const headers = cachePolicy('private');

function Outcome({ result }: { result: ContentResult | undefined }) {
  if (result?.notice)
    return (
      <p className={admin.notice} role="status">
        {result.notice}
      </p>
    );
  if (result?.error)
    return (
      <p className={admin.error} role="alert">
        {result.error}
      </p>
    );
  return null;
}

function Facts({ facts }: { facts: Record<string, string> }) {
  return (
    <details className={styles.facts}>
      <summary>Подстановки и их текущие значения</summary>
      <dl>
        {Object.entries(facts).map(([name, value]) => (
          <div key={name}>
            <dt>{`{{${name}}}`}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

function PageEditor({
  page,
  result,
  facts,
}: {
  page: AdminPage | null;
  result?: ContentResult;
  facts: Record<string, string>;
}) {
  const v = result?.values ?? {};
  const value = (name: keyof AdminPage, fallback = '') => v[name] ?? (page ? String(page[name]) : fallback);
  const published = result?.values ? result.values.published === 'on' : (page?.published ?? false);
  return (
    <div className={styles.editor}>
      <Form method="post" className={styles.fields} key={`${page?.id ?? 'new'}-${result?.notice ?? ''}`}>
        <input type="hidden" name="id" value={v.id ?? page?.id ?? ''} />
        <label>
          Адрес
          <input name="url" required defaultValue={value('url', '/info/')} aria-describedby="url-hint" />
          <span id="url-hint" className={admin.muted}>
            Например, /info/podarochnye-karty/: латиница, цифры и «-», с «/» в конце.
          </span>
        </label>
        <label>
          Заголовок
          <input name="title" required maxLength={200} defaultValue={value('title')} />
        </label>
        <label>
          Описание для поисковиков
          <input name="description" maxLength={500} defaultValue={value('description')} />
        </label>
        <label>
          Текст (Markdown)
          <textarea name="body" required defaultValue={value('body')} />
        </label>
        <label>
          Раздел меню
          <select name="menuSection" defaultValue={value('menuSection', 'buyers')}>
            {Object.entries(MENU_SECTIONS).map(([code, title]) => (
              <option key={code} value={code}>
                {title}
              </option>
            ))}
          </select>
        </label>
        <label>
          Порядок в меню
          <input name="sort" inputMode="numeric" defaultValue={value('sort', '0')} />
        </label>
        <label className={styles.check}>
          <input type="checkbox" name="published" defaultChecked={published} />
          Опубликована
        </label>
        <div className={styles.buttons}>
          <button type="submit" name="intent" value="page" className={admin.button}>
            Сохранить
          </button>
          <button type="submit" name="intent" value="preview" className={styles.secondary}>
            Предпросмотр
          </button>
        </div>
      </Form>
      <div className={styles.side}>
        {result?.html !== undefined && (
          <section className={styles.preview} aria-labelledby="preview-title">
            <h2 id="preview-title">Предпросмотр (не сохранён)</h2>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the shop's own Markdown renderer, raw HTML escaped */}
            <div dangerouslySetInnerHTML={{ __html: result.html }} />
          </section>
        )}
        <Facts facts={facts} />
      </div>
    </div>
  );
}

function Pages({
  pages,
  page,
  isNew,
  result,
  facts,
}: {
  pages: AdminPage[];
  page: AdminPage | null;
  isNew: boolean;
  result?: ContentResult;
  facts: Record<string, string>;
}) {
  const editing = page || isNew || result?.form === 'page' || result?.form === 'preview';
  return (
    <>
      <p>
        <Link className={admin.link} to="/admin/content/?tab=pages&id=new">
          Новая страница
        </Link>
      </p>
      {editing && <PageEditor page={page} result={result} facts={facts} />}
      <h2>Все страницы</h2>
      <div className={admin.scroll}>
        <table className={admin.table}>
          <thead>
            <tr>
              <th scope="col">Заголовок</th>
              <th scope="col">Адрес</th>
              <th scope="col">Меню</th>
              <th scope="col">Порядок</th>
              <th scope="col">Опубликована</th>
            </tr>
          </thead>
          <tbody>
            {pages.map((p) => (
              <tr key={p.id}>
                <td>
                  <Link className={admin.link} to={`/admin/content/?tab=pages&id=${p.id}`}>
                    {p.title}
                  </Link>
                </td>
                <td>{p.url}</td>
                <td>{MENU_SECTIONS[p.menuSection]}</td>
                <td>{p.sort}</td>
                <td>{p.published ? 'да' : 'нет'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function FaqForm({ item, result }: { item: AdminFaqItem | null; result?: ContentResult }) {
  const own = result?.form === `faq-${item?.id ?? 'new'}` ? result : undefined;
  const v = own?.error ? (own.values ?? {}) : {};
  const label = item ? ` вопроса ${item.id}` : ' нового вопроса';
  return (
    <Form method="post" className={styles.fields} key={own?.notice ?? 'form'}>
      <Outcome result={own} />
      <input type="hidden" name="id" value={item?.id ?? ''} />
      <input type="hidden" name="form" value={`faq-${item?.id ?? 'new'}`} />
      <label>
        Тема
        <input name="topic" required maxLength={100} defaultValue={v.topic ?? item?.topic ?? ''} />
      </label>
      <label>
        Вопрос
        <input name="question" required maxLength={300} defaultValue={v.question ?? item?.question ?? ''} />
      </label>
      <label>
        Ответ (Markdown)
        <textarea name="answer" required defaultValue={v.answer ?? item?.answer ?? ''} />
      </label>
      <label>
        Порядок
        <input name="sort" inputMode="numeric" defaultValue={v.sort ?? String(item?.sort ?? 0)} />
      </label>
      <div className={styles.buttons}>
        <button type="submit" name="intent" value="faq" className={admin.button}>
          {item ? 'Сохранить' : 'Добавить вопрос'}
          <span className="visually-hidden">{label}</span>
        </button>
        {item && (
          <button type="submit" name="intent" value="faq-delete" className={admin.danger}>
            Удалить<span className="visually-hidden">{label}</span>
          </button>
        )}
      </div>
    </Form>
  );
}

function Faq({ faq, result }: { faq: AdminFaqItem[]; result?: ContentResult }) {
  const topics = [...new Set(faq.map((i) => i.topic))];
  return (
    <>
      <h2>Новый вопрос</h2>
      <FaqForm item={null} result={result} />
      {topics.map((topic) => (
        <section key={topic}>
          <h2>{topic}</h2>
          {faq
            .filter((i) => i.topic === topic)
            .map((item) => (
              <details key={item.id} className={styles.faqItem} open={result?.form === `faq-${item.id}`}>
                <summary>{item.question}</summary>
                <FaqForm item={item} result={result} />
              </details>
            ))}
        </section>
      ))}
    </>
  );
}

function LandingEditor({
  landing,
  preview,
  result,
}: {
  landing: AdminLanding | null;
  preview: LandingPreview | null;
  result?: ContentResult;
}) {
  const v = result?.values ?? {};
  const s = landing?.selection ?? {};
  const value = (name: string, fallback: string) => v[name] ?? fallback;
  const published = result?.values ? v.published === 'on' : (landing?.published ?? false);
  const shown = result?.preview ?? preview;
  const heroes = [
    ...(landing ? [{ value: landing.hero, label: `Текущая (${landing.hero})` }] : []),
    ...(shown?.products ?? [])
      .filter((p) => p.image && p.image !== landing?.hero)
      .map((p) => ({ value: p.image as string, label: `Фото: ${p.name}` })),
  ];
  return (
    <div className={styles.editor}>
      <Form method="post" className={styles.fields} key={`${landing?.id ?? 'new'}-${result?.notice ?? ''}`}>
        <input type="hidden" name="id" value={landing?.id ?? ''} />
        <label>
          Адрес
          <input name="url" required defaultValue={value('url', landing?.url ?? '/promo/')} />
        </label>
        <label>
          Заголовок
          <input name="title" required maxLength={200} defaultValue={value('title', landing?.title ?? '')} />
        </label>
        <label>
          Описание для поисковиков
          <input name="description" maxLength={500} defaultValue={value('description', landing?.description ?? '')} />
        </label>
        <label>
          Картинка
          <select name="hero" defaultValue={value('hero', landing?.hero ?? '')}>
            {heroes.length === 0 && <option value="">— сначала покажите подборку</option>}
            {heroes.map((h) => (
              <option key={h.value} value={h.value}>
                {h.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Текст (Markdown)
          <textarea name="body" required defaultValue={value('body', landing?.body ?? '')} />
        </label>
        <fieldset className={styles.fields}>
          <legend>Подборка товаров</legend>
          <label>
            Разделы (номера через запятую)
            <input name="sectionIds" defaultValue={value('sectionIds', (s.sectionIds ?? []).join(', '))} />
          </label>
          <label>
            Бренды (номера через запятую)
            <input name="brandIds" defaultValue={value('brandIds', (s.brandIds ?? []).join(', '))} />
          </label>
          <label>
            Свойства (код=значение,значение; …)
            <input
              name="props"
              defaultValue={value(
                'props',
                Object.entries(s.props ?? {})
                  .map(([code, values]) => `${code}=${values.join(',')}`)
                  .join('; '),
              )}
            />
          </label>
          <label>
            Только эти товары (номера через запятую)
            <input name="ids" defaultValue={value('ids', (s.ids ?? []).join(', '))} />
          </label>
          <label className={styles.check}>
            <input type="checkbox" name="isNew" defaultChecked={result?.values ? v.isNew === 'on' : Boolean(s.isNew)} />
            Только новинки
          </label>
        </fieldset>
        <label className={styles.check}>
          <input type="checkbox" name="published" defaultChecked={published} />
          Опубликован
        </label>
        <div className={styles.buttons}>
          <button type="submit" name="intent" value="landing" className={admin.button}>
            Сохранить
          </button>
          <button type="submit" name="intent" value="landing-preview" className={styles.secondary}>
            Показать подборку
          </button>
        </div>
      </Form>
      <div className={styles.side}>
        {shown && (
          <section className={styles.preview} aria-labelledby="selection-title">
            <h2 id="selection-title">{`Подборка: ${shown.count} товаров`}</h2>
            <ol>
              {shown.products.map((p) => (
                <li key={p.name}>{p.name}</li>
              ))}
            </ol>
          </section>
        )}
      </div>
    </div>
  );
}

export default function Content({ loaderData, actionData }: Route.ComponentProps) {
  const result: ContentResult | undefined = actionData;
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
      {tab !== 'faq' && result?.form !== 'reload' && <Outcome result={result} />}
      {loaderData.tab === 'pages' && (
        <Pages
          pages={loaderData.pages}
          page={loaderData.page}
          isNew={loaderData.isNew}
          result={result}
          facts={loaderData.facts}
        />
      )}
      {loaderData.tab === 'faq' && <Faq faq={loaderData.faq} result={result} />}
      {loaderData.tab === 'landings' && (
        <>
          <p>
            <Link className={admin.link} to="/admin/content/?tab=landings&id=new">
              Новый лендинг
            </Link>
          </p>
          {(loaderData.landing || loaderData.isNew || result?.form?.startsWith('landing')) && (
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
        <Outcome result={result?.form === 'reload' ? result : undefined} />
        <Form method="post">
          <button type="submit" name="intent" value="reload" className={admin.button}>
            Обновить открытые страницы у покупателей
          </button>
        </Form>
      </section>
    </>
  );
}
