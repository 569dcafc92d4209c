import { data, Form, Link } from 'react-router';
import { answerInput, MAX_ANSWER, questionIdOf } from '../../../domain/feedback/questions-admin.schemas';
import { CardHead, FormResult, phoneText } from '~/components/admin/kit';
import { staffPage } from '~/lib/admin';
import { type FormOutcome, intent, loaderRefusal, staffAction } from '~/lib/admin-action';
import { cachePolicy } from '../../../contract/cache-policy';
import admin from './admin.module.css';
import styles from './shops.module.css';
import { useStaffClock } from '~/lib/staff-clock';
import type { Route } from './+types/question';

const idOf = (value: string | undefined) => {
  const id = questionIdOf(value);
  if (id === null) throw data('Вопрос не найден.', { status: 404 });
  return id;
};

/** One question (issue 28.4): who asked, about what and which order, and the answer form. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  staffPage(request, context, 'content.edit');
  const question = await context.services.questionsAdmin.card(context.ctx, idOf(params.id)).catch(loaderRefusal);
  // The form's limit travels with the data: the page's JavaScript carries no schema module (zod).
  return { question, maxAnswer: MAX_ANSWER };
}

export const action = staffAction('content.edit', {
  answer: intent({
    schema: answerInput,
    async run({ input, context, params }) {
      const question = await context.services.questionsAdmin.answer(context.ctx, idOf(params.id), input);
      return question.email
        ? `Ответ сохранён и отправлен на ${question.email}.`
        : question.userId
          ? 'Ответ сохранён: покупатель увидит его в личном кабинете.'
          : 'Ответ сохранён. Почты покупатель не оставил: свяжитесь по телефону.';
    },
  }),
});

export const headers = cachePolicy('private');

export function meta({ data: loaded }: Route.MetaArgs) {
  return [{ title: `Вопрос № ${loaded?.question.id ?? ''} — ВЬЮГА` }, { name: 'robots', content: 'noindex' }];
}

export default function Question({ loaderData, actionData }: Route.ComponentProps) {
  const { when: at } = useStaffClock();
  const when = (iso: string) => at(iso, 'longDateTime');
  const { question: q, maxAnswer } = loaderData;
  const result = actionData as FormOutcome | undefined;
  const answered = q.answer !== null;
  return (
    <>
      <CardHead back={{ to: '/admin/questions/', label: 'Все вопросы' }} title={`Вопрос № ${q.id}`}>
        <span className={styles.state} data-answered={answered}>
          {answered ? 'Есть ответ' : 'Ждёт ответа'}
        </span>
      </CardHead>
      <dl className={styles.question}>
        <dt>Покупатель</dt>
        <dd>{q.name}</dd>
        <dt>Связь</dt>
        <dd>
          {q.email && (
            <a className={styles.link} href={`mailto:${q.email}`}>
              {q.email}
            </a>
          )}
          {q.email && q.phone && ', '}
          {q.phone && (
            <a className={styles.link} href={`tel:+${q.phone}`}>
              {phoneText(q.phone)}
            </a>
          )}
          {q.userId !== null && <span className={styles.muted}> · зарегистрирован</span>}
        </dd>
        <dt>Тема</dt>
        <dd>{q.topicName}</dd>
        {q.orderNumber && (
          <>
            <dt>Заказ</dt>
            <dd>
              {q.orderId !== null ? (
                <Link className={styles.link} to={`/admin/orders/${q.orderId}/`}>
                  {`№ ${q.orderNumber}`}
                </Link>
              ) : (
                `№ ${q.orderNumber} (такого заказа нет)`
              )}
            </dd>
          </>
        )}
        <dt>Когда</dt>
        <dd>{when(q.createdAt)}</dd>
      </dl>
      <h2>Вопрос</h2>
      <p className={styles.message}>{q.message}</p>
      {answered && (
        <>
          <h2>Ответ</h2>
          <p className={styles.message}>{q.answer}</p>
          <p className={styles.muted}>
            {`${q.answeredAt ? when(q.answeredAt) : ''}${q.answeredBy ? ` · ${q.answeredBy.email}` : ''}`}
          </p>
        </>
      )}
      <FormResult result={result} />
      <Form method="post" className={styles.answer} key={q.answeredAt ?? 'new'}>
        <label>
          {answered ? 'Новый ответ' : 'Ответ покупателю'}
          <textarea
            name="text"
            required
            maxLength={maxAnswer}
            defaultValue={result?.error ? result.values?.text : ''}
          />
        </label>
        <span className={styles.muted}>
          {q.email
            ? `Ответ уйдёт письмом на ${q.email}${q.userId !== null ? ' и появится в личном кабинете' : ''}.`
            : q.userId !== null
              ? 'Почты нет: ответ появится в личном кабинете покупателя.'
              : 'Почты нет: ответ сохранится здесь, свяжитесь с покупателем по телефону.'}
        </span>
        {answered && (
          <label className={styles.check}>
            <input type="checkbox" name="replace" value="true" />
            Заменить ответ (покупатель получит новое письмо)
          </label>
        )}
        <button type="submit" className={admin.button}>
          {answered ? 'Заменить ответ' : 'Ответить'}
        </button>
      </Form>
    </>
  );
}
