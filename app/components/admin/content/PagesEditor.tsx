import { Form, Link } from 'react-router';
import { MENU_SECTIONS } from '../../../../domain/content/content';
import type { AdminPage } from '../../../../domain/content/content-admin';
import type { FormOutcome } from '~/lib/admin-action';
import admin from '../../../routes/admin/admin.module.css';
import styles from '../../../routes/admin/content.module.css';
import { Facts } from './Facts';
import { DataTable, TableFrame } from '../kit';

/** The outcome of the pages' forms: a preview carries the text rendered. */
export type PageOutcome = FormOutcome & { html?: string };

/** A page's editor: its fields and text, with a preview of the text as the shop will show it. */
function PageEditor({
  page,
  result,
  facts,
}: {
  page: AdminPage | null;
  result?: PageOutcome;
  facts: Record<string, string>;
}) {
  const v = result?.values ?? {};
  const value = (name: keyof AdminPage, fallback = '') => v[name] ?? (page ? String(page[name]) : fallback);
  const published = result?.values ? result.values.published === 'on' : (page?.published ?? false);
  return (
    <div className={styles.editor}>
      <Form method="post" className={styles.fields} key={`${page?.id ?? 'new'}-${result?.done ?? ''}`}>
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

/** The information pages: the list and, when one is open or new, its editor. */
export function Pages({
  pages,
  page,
  isNew,
  result,
  facts,
}: {
  pages: AdminPage[];
  page: AdminPage | null;
  isNew: boolean;
  result?: PageOutcome;
  facts: Record<string, string>;
}) {
  const editing = page || isNew || result?.intent === 'page' || result?.intent === 'preview';
  return (
    <>
      <p>
        <Link className={admin.link} to="/admin/content/?tab=pages&id=new">
          Новая страница
        </Link>
      </p>
      {editing && <PageEditor page={page} result={result} facts={facts} />}
      <h2>Все страницы</h2>
      <TableFrame label="Все страницы">
        <DataTable
          rows={pages}
          rowKey={(p) => p.id}
          columns={[
            {
              title: 'Заголовок',
              cell: (p) => (
                <Link className={admin.link} to={`/admin/content/?tab=pages&id=${p.id}`}>
                  {p.title}
                </Link>
              ),
            },
            { title: 'Адрес', cell: (p) => p.url },
            { title: 'Меню', cell: (p) => MENU_SECTIONS[p.menuSection] },
            { title: 'Порядок', cell: (p) => p.sort },
            { title: 'Опубликована', cell: (p) => (p.published ? 'да' : 'нет') },
          ]}
        />
      </TableFrame>
    </>
  );
}
