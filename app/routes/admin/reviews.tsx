import { data, Form, Link } from 'react-router';
import { imageUrl } from '../../../contract/images';
import { DomainError } from '../../../domain/errors';
import { answerInput, hideInput, reviewFilterInput, reviewIdOf } from '../../../domain/reviews/review';
import { FIT_WORDS, REVIEW_STATE_WORDS } from '../../../domain/reviews/review-words';
import { Choice, FormResult, ListFrame, pageHref } from '~/components/admin/kit';
import { staffPage } from '~/lib/admin';
import { type FormOutcome, intent, staffAction } from '~/lib/admin-action';
import { cachePolicy } from '../../../contract/cache-policy';
import styles from './reviews.module.css';
import { useStaffClock } from '~/lib/staff-clock';
import type { Route } from './+types/reviews';

/** The moderation desk (issue 44.2): new reviews first; publish, hide with a reason, answer as the shop. */
export async function loader({ request, context }: Route.LoaderArgs) {
  staffPage(request, context, 'reviews.moderate');
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = reviewFilterInput.safeParse(params);
  if (!parsed.success) throw data(parsed.error.issues[0]?.message ?? 'Проверьте фильтр.', { status: 400 });
  const list = await context.services.reviews.list(context.ctx, parsed.data);
  return { list, filter: parsed.data, imgVersion: context.options.imgVersion };
}

const idOf = (form: { text(name: string): string }) => {
  const id = reviewIdOf(form.text('id'));
  if (id === null) throw new DomainError('not_found', 'Отзыв не найден: обновите страницу.', 'REVIEW_NOT_FOUND');
  return id;
};

export const action = staffAction('reviews.moderate', {
  publish: intent({
    async run({ form, context }) {
      const review = await context.services.reviews.publish(context.ctx, idOf(form));
      return `Отзыв № ${review.id} опубликован.`;
    },
  }),
  hide: intent({
    read: (form) => ({ reason: form.text('reason') }),
    schema: hideInput,
    async run({ input, form, context }) {
      const review = await context.services.reviews.hide(context.ctx, idOf(form), input.reason);
      return `Отзыв № ${review.id} скрыт.`;
    },
  }),
  answer: intent({
    read: (form) => ({ text: form.text('text') }),
    schema: answerInput,
    async run({ input, form, context }) {
      const review = await context.services.reviews.answer(context.ctx, idOf(form), input.text);
      return `Ответ на отзыв № ${review.id} сохранён.`;
    },
  }),
});

export const headers = cachePolicy('private');

export function meta() {
  return [{ title: 'Отзывы — ВЬЮГА' }, { name: 'robots', content: 'noindex' }];
}

export default function Reviews({ loaderData, actionData }: Route.ComponentProps) {
  const { when: at } = useStaffClock();
  const { list, filter, imgVersion } = loaderData;
  const result = actionData as FormOutcome | undefined;
  const filterQuery: Record<string, string> = filter.state ? { state: filter.state } : {};
  return (
    <>
      <div className={styles.head}>
        <h1>Отзывы</h1>
        <span className={styles.muted}>{`На проверке: ${list.pending}`}</span>
      </div>
      <FormResult result={result} />
      <ListFrame
        label="Фильтр отзывов"
        resetTo={filter.state ? '/admin/reviews/' : undefined}
        found={`Найдено: ${list.total}`}
        empty="Отзывов не нашлось."
        paged={{ ...list, href: (page) => pageHref('/admin/reviews/', filterQuery, page) }}
        filters={<Choice label="Состояние" name="state" value={filter.state} options={REVIEW_STATE_WORDS} all="Все" />}
      >
        <ul className={styles.reviews} aria-label="Отзывы покупателей">
          {list.items.map((r) => (
            <li key={r.id}>
              <article aria-labelledby={`review-${r.id}`}>
                <h2 id={`review-${r.id}`}>
                  {`Отзыв № ${r.id}: `}
                  <Link className={styles.link} to={r.productHref || '#'}>
                    {r.productName}
                  </Link>
                </h2>
                <p className={styles.muted}>
                  {`${r.authorName} · ${at(r.createdAt, 'shortDayTime')} · заказ `}
                  <Link className={styles.link} to={`/admin/orders/${r.orderId}/`}>
                    {`№ ${100_000 + r.orderId}`}
                  </Link>
                </p>
                <p>
                  <b>{`Оценка ${r.rating} из 5`}</b>
                  {` · ${FIT_WORDS[r.fit]} · размер ${r.size}${r.height ? ` · рост ${r.height} см` : ''}`}
                </p>
                <p className={styles.message}>{r.text}</p>
                {r.photos.length > 0 && (
                  <p>
                    {r.photos.map((file, i) => (
                      <a key={file} href={imageUrl(file, 'source', imgVersion)} target="_blank" rel="noreferrer">
                        <img
                          src={imageUrl(file, 'thumb', imgVersion)}
                          alt={`Фото ${i + 1} к отзыву № ${r.id}`}
                          width={48}
                          height={64}
                        />
                      </a>
                    ))}
                  </p>
                )}
                <p>
                  <span className={styles.state} data-state={r.state}>
                    {REVIEW_STATE_WORDS[r.state]}
                  </span>
                  {r.state === 'hidden' && r.hiddenReason && ` — причина: ${r.hiddenReason}`}
                </p>
                {r.answer && <p className={styles.message}>{`Ответ магазина: ${r.answer}`}</p>}
                {r.state !== 'published' && (
                  <Form method="post">
                    <input type="hidden" name="id" value={r.id} />
                    <button type="submit" name="intent" value="publish">
                      {`Опубликовать отзыв № ${r.id}`}
                    </button>
                  </Form>
                )}
                <ReviewTextForm
                  id={r.id}
                  intent="hide"
                  label="Причина скрытия отзыва"
                  submit="Скрыть"
                  name="reason"
                  maxLength={500}
                  value={r.hiddenReason}
                />
                <ReviewTextForm
                  id={r.id}
                  intent="answer"
                  label="Ответ магазина на отзыв"
                  submit="Сохранить ответ"
                  name="text"
                  maxLength={2000}
                  value={r.answer}
                  multiline
                />
              </article>
            </li>
          ))}
        </ul>
      </ListFrame>
    </>
  );
}

/** A moderation form of one review: its one text (labelled with the review's number) and its button. */
function ReviewTextForm(props: {
  id: number;
  intent: string;
  label: string;
  submit: string;
  name: string;
  maxLength: number;
  value: string | null;
  multiline?: boolean;
}) {
  const id = `review-${props.intent}-${props.id}`;
  const field = { id, name: props.name, maxLength: props.maxLength, required: true, defaultValue: props.value ?? '' };
  return (
    <Form method="post">
      <input type="hidden" name="id" value={props.id} />
      <label htmlFor={id}>{`${props.label} № ${props.id}`}</label>
      {props.multiline ? <textarea {...field} /> : <input {...field} />}
      <button type="submit" name="intent" value={props.intent}>
        {props.submit}
      </button>
    </Form>
  );
}
