import { ShopLink } from '~/components/ui/ShopLink';
import { ReviewForm } from '~/components/reviews/ReviewForm';
import reviewStyles from '~/components/reviews/ReviewForm.module.css';
import { postReview } from '~/lib/review-form.server';
import { SHOP_NAME } from '../../domain/catalog/listing/listing-seo';
import { cachePolicy } from '../../contract/cache-policy';
import type { Route } from './+types/review';
import styles from './auth.module.css';

/** The guest's link of the invitation letter: `/review/?order={id}&token={key}`; the key is this order's only. */
const linkOf = (request: Request) => {
  const q = new URL(request.url).searchParams;
  const order = Number(q.get('order'));
  const offer = Number(q.get('offer'));
  return {
    order: Number.isSafeInteger(order) && order > 0 ? order : 0,
    offer: Number.isSafeInteger(offer) ? offer : 0,
    token: (q.get('token') ?? '').slice(0, 100),
  };
};

/**
 * The review form of an order placed without an account (issue 44.2): opened by the letter's signed link, so
 * another order's number with this key, or a made-up key, opens nothing.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const link = linkOf(request);
  const lines = link.order ? await context.services.reviews.guestLines(link.order, link.token) : null;
  return { lines, link };
}

export async function action({ request, context }: Route.ActionArgs) {
  return postReview(request, context);
}

export const headers = cachePolicy('private');

export function meta() {
  return [{ title: `Отзыв о покупке — ${SHOP_NAME}` }, { name: 'robots', content: 'noindex' }];
}

export default function Review({ loaderData, actionData }: Route.ComponentProps) {
  const { lines, link } = loaderData;
  const open = lines?.filter((l) => !l.reviewed) ?? [];
  const line = open.find((l) => l.offerId === link.offer) ?? open[0];
  const query = (offer: number) =>
    `/review/?order=${link.order}&offer=${offer}&token=${encodeURIComponent(link.token)}`;
  return (
    <main id="main" className={`container ${styles.page}`}>
      <h1 className={styles.title}>{lines === null ? 'Ссылка не сработала' : 'Отзыв о покупке'}</h1>
      {lines === null && (
        <p className={styles.text}>
          Ссылка испорчена или ведёт на чужой заказ. Откройте её из письма ещё раз или войдите в аккаунт.
        </p>
      )}
      {actionData?.ok && (
        <p role="status" className={reviewStyles.done}>
          Спасибо! Отзыв отправлен и появится на странице товара после проверки.
        </p>
      )}
      {line && (
        <ReviewForm
          line={line}
          action={query(line.offerId)}
          token={link.token}
          result={actionData && !actionData.ok ? actionData : undefined}
        />
      )}
      {open.length > 1 && (
        <ul className={reviewStyles.links}>
          {open
            .filter((l) => l !== line)
            .map((l) => (
              <li key={l.offerId}>
                <a href={query(l.offerId)}>{`Оставить отзыв: ${l.name}, размер ${l.sizeName}`}</a>
              </li>
            ))}
        </ul>
      )}
      {lines !== null && open.length === 0 && !actionData?.ok && (
        <p className={styles.text}>На все товары этого заказа отзывы уже оставлены. Спасибо!</p>
      )}
      <ShopLink className={styles.button} to="/">
        На главную
      </ShopLink>
    </main>
  );
}
