import { ShopLink } from '~/components/ui/ShopLink';
import { Form, redirect, redirectDocument, useLocation } from 'react-router';
import { registerInput } from '../../domain/auth/credentials.schemas';
import { SHOP_NAME } from '../../domain/catalog/listing/listing-seo';
import { type RegisterResult, RegisterForm } from '~/components/account/RegisterForm';
import styles from '~/components/account/AccountForms.module.css';
import { safeBackurl } from '~/lib/backurl';
import { formFields } from '~/lib/form-fields';
import { firstIssue, formFailure, typedValues } from '~/lib/form-errors';
import { cachePolicy } from '../../contract/cache-policy';
import type { Route } from './+types/auth.register';
import page from './auth.module.css';
import { CARD_START_PERCENT } from '../../domain/cabinet/discount-card';

const withCard = (url: URL) => url.pathname.startsWith('/auth/registerdc');

/** Spec §2 /auth/register/ and /auth/registerdc/ (with a discount card; it then goes on to /lk/dc/). */
export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const card = withCard(url);
  const backurl = safeBackurl(url.searchParams.get('backurl') ?? (card ? '/lk/dc/' : null));
  if (context.ctx.actor.kind === 'user') throw redirect(backurl);
  return { backurl, card };
}

/**
 * Registers and logs in. The page's plain form goes on to `backurl` (a full load: the header changes); the popup
 * (`place=popup`) gets an answer instead and shows the email-confirmation notice where spec §4 asks for it: when the
 * shop gives a card on registration and the email is not yet confirmed.
 */
export async function action({ request, context }: Route.ActionArgs): Promise<RegisterResult | Response> {
  const { services, ctx, session, options } = context;
  const fields = await formFields(request);
  const values = typedValues(fields);
  if (withCard(new URL(request.url))) fields.discountCard = 'Y';
  const input = registerInput.safeParse(fields);
  if (!input.success) return { values, ...firstIssue(input.error) };
  let emailConfirmed: boolean;
  try {
    const id = session.newId();
    ({ emailConfirmed } = await services.credentials.register(ctx, input.data, id));
    session.renew(id);
  } catch (error) {
    return { values, ...formFailure(error) };
  }
  if (fields.place === 'popup')
    return {
      registered: {
        email: input.data.email,
        emailConfirmNotice: options.isEnabledGiveOutDiscountCardOnRegister && !emailConfirmed,
      },
    };
  return redirectDocument(safeBackurl(fields.backurl));
}

export const headers = cachePolicy('private');

export function meta({ data }: Route.MetaArgs) {
  const title = data?.card ? 'Регистрация с дисконтной картой' : 'Регистрация';
  return [{ title: `${title} — ${SHOP_NAME}` }, { name: 'robots', content: 'noindex' }];
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { backurl, card } = loaderData;
  const location = useLocation();
  return (
    <main id="main" className={`container ${page.page}`}>
      <h1 className={page.title}>{card ? 'Регистрация с дисконтной картой' : 'Регистрация'}</h1>
      <p className={page.text}>
        {card
          ? `Зарегистрируйтесь, и карта со скидкой ${CARD_START_PERCENT} % появится в личном кабинете сразу.`
          : 'Аккаунт хранит заказы, адреса и бонусы. Письмо для подтверждения email придёт сразу.'}
      </p>
      <RegisterForm
        Form={Form}
        action={`${location.pathname}${location.search}`}
        result={actionData && !(actionData instanceof Response) ? actionData : undefined}
        backurl={backurl}
        place="page"
      />
      <p className={styles.switch}>
        Уже есть аккаунт? <ShopLink to={`/auth/?backurl=${encodeURIComponent(backurl)}`}>Войти</ShopLink>
      </p>
    </main>
  );
}
