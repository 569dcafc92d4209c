import { SHOP_NAME } from '../../domain/catalog/listing/listing-seo';
import styles from '~/components/account/Cabinet.module.css';
import { CabinetLayout } from '~/components/account/CabinetLayout';
import { FeedbackForm } from '~/components/feedback/FeedbackForm';
import { requireCabinetUser } from '~/lib/cabinet';
import { useShopperClock } from '~/lib/shopper-clock';
import { cachePolicy } from '../../contract/cache-policy';
import type { Route } from './+types/lk.questions';

/** The cabinet's «Задать вопрос»: the user's questions with the shop's answers, and the form for a new one. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireCabinetUser(request, context);
  return {
    questions: await context.services.feedback.mine(context.ctx),
    feedbackStart: context.services.feedback.startToken(context.ctx),
  };
}

export const headers = cachePolicy('private');

export function meta() {
  return [{ title: `Мои вопросы — ${SHOP_NAME}` }, { name: 'robots', content: 'noindex' }];
}

export default function Questions({ loaderData }: Route.ComponentProps) {
  const { when } = useShopperClock();
  const { questions, feedbackStart } = loaderData;
  return (
    <CabinetLayout title="Задать вопрос">
      <FeedbackForm start={feedbackStart} />
      <h2 className={styles.subtitle}>Мои вопросы</h2>
      {questions.length === 0 ? (
        <p className={styles.empty}>Вы ещё не задавали вопросов.</p>
      ) : (
        <ul className={styles.list}>
          {questions.map((q) => (
            <li key={q.id} className={styles.card}>
              <div className={styles.row}>
                <b>{`Вопрос № ${q.id}`}</b>
                <span>{`от ${when(q.createdAt, 'longDate')}`}</span>
                <span className={styles.state}>{q.answer ? 'Есть ответ' : 'Ждёт ответа'}</span>
              </div>
              <p>{q.orderNumber ? `${q.topicName}, заказ № ${q.orderNumber}` : q.topicName}</p>
              <p>{q.message}</p>
              {q.answer && <p className={styles.answer}>{`Ответ магазина: ${q.answer}`}</p>}
            </li>
          ))}
        </ul>
      )}
    </CabinetLayout>
  );
}
