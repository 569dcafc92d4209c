import { useId } from 'react';
import { Form } from 'react-router';
import type { ReviewFormResult } from '~/lib/review-form.server';
import styles from './ReviewForm.module.css';

const RATINGS = [5, 4, 3, 2, 1] as const;
const STARS = ['1 звезда', '2 звезды', '3 звезды', '4 звезды', '5 звёзд'];
const FIT_CHOICES = [
  ['small', 'Маломерит'],
  ['true', 'В размер'],
  ['large', 'Большемерит'],
] as const;

/** The line being reviewed. */
export interface ReviewLineView {
  orderId: number;
  offerId: number;
  name: string;
  sizeName: string;
}

/**
 * The review form (issue 44.2): rating stars as radio inputs, the text, the fit, the size taken, the height and up
 * to five photos; every control labelled and reachable by keyboard. A plain multipart form: it works before the
 * page's JavaScript does.
 */
export function ReviewForm(props: { line: ReviewLineView; action: string; token?: string; result?: ReviewFormResult }) {
  const id = useId();
  const { line, result } = props;
  const values = result && !result.ok ? result.values : {};
  return (
    <section className={styles.block} aria-labelledby={`${id}-title`} id="review">
      <h2 id={`${id}-title`}>{`Отзыв: ${line.name}, размер ${line.sizeName}`}</h2>
      {result?.ok ? (
        <p role="status" className={styles.done}>
          Спасибо! Отзыв отправлен и появится на странице товара после проверки.
        </p>
      ) : (
        <Form method="post" action={props.action} encType="multipart/form-data" className={styles.form} reloadDocument>
          <input type="hidden" name="orderId" value={line.orderId} />
          <input type="hidden" name="offerId" value={line.offerId} />
          {props.token && <input type="hidden" name="token" value={props.token} />}
          {result && !result.ok && (
            <p role="alert" className={styles.error}>
              {result.error}
            </p>
          )}
          <fieldset className={styles.stars}>
            <legend>Оценка</legend>
            {RATINGS.map((n) => (
              <label key={n}>
                <input type="radio" name="rating" value={n} required defaultChecked={values.rating === String(n)} />
                <span aria-hidden="true">{'★'.repeat(n)}</span>
                <span className="visually-hidden">{STARS[n - 1]}</span>
              </label>
            ))}
          </fieldset>
          <label className={styles.field}>
            Отзыв
            <textarea name="text" required minLength={10} maxLength={2000} rows={5} defaultValue={values.text ?? ''} />
          </label>
          <fieldset className={styles.fit}>
            <legend>Как сидит</legend>
            {FIT_CHOICES.map(([value, label]) => (
              <label key={value}>
                <input type="radio" name="fit" value={value} required defaultChecked={values.fit === value} />
                {label}
              </label>
            ))}
          </fieldset>
          <label className={styles.field}>
            Размер, который вы взяли
            <input name="size" maxLength={20} defaultValue={values.size ?? line.sizeName} />
          </label>
          <label className={styles.field}>
            Ваш рост, см (необязательно)
            <input name="height" inputMode="numeric" maxLength={3} defaultValue={values.height ?? ''} />
          </label>
          <label className={styles.field}>
            Фото (до 5, JPEG, PNG или WebP)
            <input type="file" name="photos" accept="image/jpeg,image/png,image/webp" multiple />
          </label>
          <button type="submit" className={styles.submit}>
            Отправить отзыв
          </button>
        </Form>
      )}
    </section>
  );
}
