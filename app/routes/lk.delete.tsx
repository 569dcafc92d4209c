import { Form, redirect } from 'react-router';
import forms from '~/components/account/AccountForms.module.css';
import styles from '~/components/account/Cabinet.module.css';
import { CabinetLayout } from '~/components/account/CabinetLayout';
import { Field } from '~/components/account/LoginForms';
import { ShopLink } from '~/components/ui/ShopLink';
import { requireCabinetUser } from '~/lib/cabinet';
import { formFields } from '~/lib/form-fields';
import { formFailure } from '~/lib/form-errors';
import { cachePolicy } from '../../contract/cache-policy';
import { SHOP_NAME } from '../../domain/catalog/listing/listing-seo';
import type { Route } from './+types/lk.delete';

/** «Удалить аккаунт» (152-FZ, issue 45.7): a code by letter, then the account and its personal data are removed. */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (context.ctx.actor.kind !== 'user' && new URL(request.url).searchParams.has('deleted')) return { deleted: true };
  requireCabinetUser(request, context);
  return { deleted: false };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireCabinetUser(request, context);
  const fields = await formFields(request);
  try {
    if (fields.intent === 'confirm') {
      await context.services.personalData.deleteAccount(context.ctx, fields.code ?? '');
      // The session went with the account: the browser goes on with a new, empty one.
      context.session.renew(context.session.newId());
      return redirect('/lk/delete/?deleted=1');
    }
    const email = await context.services.personalData.askDeletion(context.ctx);
    return { sentTo: email };
  } catch (error) {
    return { ...formFailure(error), sentTo: fields.intent === 'confirm' ? fields.sentTo : undefined };
  }
}

export const headers = cachePolicy('private');

export function meta() {
  return [{ title: `Удаление учётной записи — ${SHOP_NAME}` }, { name: 'robots', content: 'noindex' }];
}

export default function DeleteAccount({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.deleted)
    return (
      <main id="main" className="container">
        <h1>Учётная запись удалена</h1>
        <p role="status">
          Мы удалили вашу учётную запись и персональные данные и записали отзыв согласий. Заказы остались в учёте
          магазина без ваших данных.
        </p>
        <ShopLink to="/">На главную</ShopLink>
      </main>
    );
  const sentTo = actionData && 'sentTo' in actionData ? actionData.sentTo : undefined;
  const error = actionData && 'error' in actionData ? actionData : undefined;
  return (
    <CabinetLayout title="Удалить аккаунт">
      <section className={styles.section} aria-labelledby="delete-what">
        <h2 id="delete-what">Что произойдёт</h2>
        <ul>
          <li>Удалятся профиль, адреса, дисконтная карта с бонусами, подписка, вопросы и вход в кабинет.</li>
          <li>Заказы останутся в учёте магазина (суммы и товары), но без имени, телефона, почты и адреса.</li>
          <li>Согласия на обработку персональных данных будут отозваны; отзыв записывается.</li>
        </ul>
        <p className={forms.hint}>
          Сначала <a href="/lk/data/">скачайте свои данные</a>, если они вам нужны: восстановить их будет нельзя.
        </p>
      </section>
      {sentTo ? (
        <Form method="post" className={forms.form} style={{ maxWidth: 360 }}>
          <p role="status">{`Код отправлен на ${sentTo}. Он действует 15 минут.`}</p>
          <input type="hidden" name="sentTo" value={sentTo} />
          <Field
            name="code"
            label="Код из письма"
            inputMode="numeric"
            autoComplete="one-time-code"
            result={error ? { field: 'code', error: error.error } : undefined}
          />
          <button type="submit" name="intent" value="confirm" className={forms.button}>
            Удалить учётную запись
          </button>
        </Form>
      ) : (
        <Form method="post" className={forms.form} style={{ maxWidth: 360 }}>
          {error && (
            <p className={forms.error} role="alert">
              {error.error}
            </p>
          )}
          <button type="submit" name="intent" value="ask" className={forms.button}>
            Получить код для удаления
          </button>
        </Form>
      )}
    </CabinetLayout>
  );
}
