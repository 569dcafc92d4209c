import { Form } from 'react-router';
import type { AdminLanding, LandingPreview } from '../../../../domain/content/content-admin';
import type { FormOutcome } from '~/lib/admin-action';
import admin from '../../../routes/admin/admin.module.css';
import styles from '../../../routes/admin/content.module.css';
import { Options } from '../kit';

/** The outcome of the landing forms: a shown selection carries its products. */
export type LandingOutcome = FormOutcome & { preview?: LandingPreview };

/** A landing page's editor: its texts, picture and selection of products, with the selection shown before saving. */
export function LandingEditor({
  landing,
  preview,
  result,
}: {
  landing: AdminLanding | null;
  preview: LandingPreview | null;
  result?: LandingOutcome;
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
      <Form method="post" className={styles.fields} key={`${landing?.id ?? 'new'}-${result?.done ?? ''}`}>
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
            <Options of={heroes} />
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
