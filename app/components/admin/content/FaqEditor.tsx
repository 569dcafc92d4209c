import { Form } from 'react-router';
import type { AdminFaqItem } from '../../../../domain/content/content-admin';
import type { FormOutcome } from '~/lib/admin-action';
import { Confirm, FormResult } from '../kit';
import admin from '../../../routes/admin/admin.module.css';
import styles from '../../../routes/admin/content.module.css';

/** Whose the outcome is: the form of the item it was posted from (a new item's form posts no id). */
const ownedBy = (result: FormOutcome | undefined, item: AdminFaqItem | null) =>
  result?.intent.startsWith('faq') && (result.values?.id ?? '') === String(item?.id ?? '') ? result : undefined;

/** One question's form (or the new one's): save, and for a saved one, delete after a confirmation. */
function FaqForm({ item, result }: { item: AdminFaqItem | null; result?: FormOutcome }) {
  const own = ownedBy(result, item);
  const v = own?.error ? (own.values ?? {}) : {};
  const label = item ? ` вопроса ${item.id}` : ' нового вопроса';
  return (
    <Form method="post" className={styles.fields} key={own?.done ?? 'form'}>
      <FormResult result={own} />
      <input type="hidden" name="id" value={item?.id ?? ''} />
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
      </div>
    </Form>
  );
}

/** A saved question's removal, in a form of its own: it asks to confirm, which saving does not. */
function FaqDelete({ item }: { item: AdminFaqItem }) {
  return (
    <Form method="post" className={styles.fields}>
      <input type="hidden" name="id" value={item.id} />
      <Confirm>{`Да, удалить вопрос «${item.question}»`}</Confirm>
      <button type="submit" name="intent" value="faq-delete" className={admin.danger}>
        Удалить<span className="visually-hidden">{` вопрос ${item.id}`}</span>
      </button>
    </Form>
  );
}

/** The FAQ by topic: a new question's form, then each question's own form. */
export function FaqEditor({ faq, result }: { faq: AdminFaqItem[]; result?: FormOutcome }) {
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
              <details key={item.id} className={styles.faqItem} open={ownedBy(result, item) !== undefined}>
                <summary>{item.question}</summary>
                <FaqForm item={item} result={result} />
                <FaqDelete item={item} />
              </details>
            ))}
        </section>
      ))}
    </>
  );
}
