import { ShopLink } from '~/components/ui/ShopLink';
import { data, Form } from 'react-router';
import { profileInput } from '../../domain/cabinet/cabinet.schemas';
import { formatPhone } from '../../domain/auth/phone';
import { SHOP_NAME } from '../../domain/catalog/listing/listing-seo';
import { Field } from '~/components/account/LoginForms';
import forms from '~/components/account/AccountForms.module.css';
import styles from '~/components/account/Cabinet.module.css';
import { CabinetLayout } from '~/components/account/CabinetLayout';
import { reachGoal } from '~/lib/analytics';
import { requireCabinetUser } from '~/lib/cabinet';
import { formFields } from '~/lib/form-fields';
import { savedProfileCookieLines } from '~/lib/cookies';
import { firstIssue, formFailure } from '~/lib/form-errors';
import { cachePolicy } from '../../contract/cache-policy';
import type { Route } from './+types/lk';

/** Spec §2 /lk/: personal data, with the confirmation state of the email and the phone. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireCabinetUser(request, context);
  return { user: await context.services.sessionUser.currentUser(context.ctx) };
}

interface ProfileResult {
  field?: string;
  error?: string;
  notice?: string;
  values?: Record<string, string>;
  phoneStep?: 'code';
  phone?: string;
}

export async function action({
  request,
  context,
}: Route.ActionArgs): Promise<ProfileResult | ReturnType<typeof data<ProfileResult>>> {
  requireCabinetUser(request, context);
  const { services, ctx } = context;
  const fields = await formFields(request);
  try {
    if (fields.intent === 'email-confirm')
      return { notice: (await services.credentials.sendEmailConfirmation(ctx)).message };
    if (fields.intent === 'phone-send') {
      const { phone } = await services.phoneCodes.send(ctx, fields.phone ?? '');
      return { phoneStep: 'code', phone, notice: 'Код отправлен в SMS.' };
    }
    if (fields.intent === 'phone-check') {
      await services.phoneCodes.check(ctx, fields.phone ?? '', fields.code ?? '', false);
      return { notice: 'Телефон подтверждён.' };
    }
    const { intent: _, ...profile } = fields;
    const input = profileInput.safeParse({ ...profile, isSubscribe: profile.isSubscribe === 'Y' ? 'Y' : 'N' });
    if (!input.success) return { values: profile, ...firstIssue(input.error) };
    const user = await services.cabinet.updateProfile(ctx, input.data);
    // Spec §3: the saved profile goes into its cookies (360 days) with the values the profile call sets.
    const headers = new Headers();
    for (const line of savedProfileCookieLines(user)) headers.append('Set-Cookie', line);
    return data<ProfileResult>({ notice: 'Данные сохранены.' }, { headers });
  } catch (error) {
    const failure = formFailure(error);
    const phoneFlow = fields.intent === 'phone-check';
    return { values: fields, ...failure, ...(phoneFlow ? { phoneStep: 'code', phone: fields.phone } : {}) };
  }
}

export const headers = cachePolicy('private');

export function meta() {
  return [{ title: `Персональные данные — ${SHOP_NAME}` }, { name: 'robots', content: 'noindex' }];
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { user } = loaderData;
  const result: ProfileResult = actionData ?? {};
  const value = (name: string, fallback: string) => result.values?.[name] ?? fallback;
  return (
    <CabinetLayout title="Персональные данные">
      {result.notice && (
        <p className={forms.notice} role="status">
          {result.notice}
        </p>
      )}
      {result.field === 'form' && (
        <p className={forms.error} role="alert">
          {result.error}
        </p>
      )}
      <Form method="post" className={forms.form} style={{ maxWidth: 640 }}>
        <input type="hidden" name="intent" value="profile" />
        <div className={styles.grid2}>
          <Field
            name="lastName"
            label="Фамилия"
            autoComplete="family-name"
            defaultValue={value('lastName', user.lastName)}
            result={result}
          />
          <Field
            name="name"
            label="Имя"
            autoComplete="given-name"
            required
            defaultValue={value('name', user.name)}
            result={result}
          />
          <Field
            name="secondName"
            label="Отчество"
            autoComplete="additional-name"
            defaultValue={value('secondName', user.secondName)}
            result={result}
          />
          <Field
            name="birthday"
            label="Дата рождения"
            placeholder="ДД.ММ.ГГГГ"
            inputMode="numeric"
            defaultValue={value('birthday', user.birthday)}
            result={result}
          />
          <Field
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            defaultValue={value('email', user.email)}
            result={result}
          />
          <Field
            name="phone"
            label="Телефон"
            type="tel"
            autoComplete="tel"
            defaultValue={value('phone', user.phone ? formatPhone(user.phone) : '')}
            result={result}
          />
        </div>
        <fieldset className={styles.row} style={{ border: 0, padding: 0, margin: 0 }}>
          <legend className={forms.hint}>Пол</legend>
          <label className={forms.check}>
            <input type="radio" name="gender" value="F" defaultChecked={user.gender === 'F'} /> Женский
          </label>
          <label className={forms.check}>
            <input type="radio" name="gender" value="M" defaultChecked={user.gender === 'M'} /> Мужской
          </label>
        </fieldset>
        <label className={forms.check}>
          <input type="checkbox" name="isSubscribe" value="Y" defaultChecked={user.isSubscribe} />
          <span>Получать новости и скидки</span>
        </label>
        <button type="submit" className={forms.button}>
          Сохранить
        </button>
      </Form>

      <section className={styles.section} aria-labelledby="confirm-email">
        <h2 id="confirm-email">Email</h2>
        <div className={styles.row}>
          <span>{user.email}</span>
          {user.emailConfirmed ? (
            <span className={`${styles.state} ${styles.ok}`}>подтверждён</span>
          ) : (
            <Form method="post" onSubmit={() => reachGoal('email confirm', { place: 'lk' })}>
              <input type="hidden" name="intent" value="email-confirm" />
              <span className={styles.state}>не подтверждён</span>{' '}
              <button type="submit" className={forms.linkButton}>
                Подтвердить
              </button>
            </Form>
          )}
        </div>
      </section>

      <section className={styles.section} aria-labelledby="confirm-phone">
        <h2 id="confirm-phone">Телефон</h2>
        {user.phone && user.phone === user.confirmedPhone ? (
          <div className={styles.row}>
            <span>{formatPhone(user.phone)}</span>
            <span className={`${styles.state} ${styles.ok}`}>подтверждён</span>
          </div>
        ) : (
          <Form method="post" className={forms.form} style={{ maxWidth: 360 }}>
            <Field
              name="phone"
              label="Телефон для подтверждения"
              type="tel"
              autoComplete="tel"
              defaultValue={result.phone ?? (user.phone ? formatPhone(user.phone) : '')}
              result={result.phoneStep ? result : undefined}
            />
            {result.phoneStep === 'code' && (
              <Field name="code" label="Код из SMS" inputMode="numeric" autoComplete="one-time-code" result={result} />
            )}
            <button
              type="submit"
              name="intent"
              value={result.phoneStep === 'code' ? 'phone-check' : 'phone-send'}
              className={forms.button}
            >
              {result.phoneStep === 'code' ? 'Подтвердить' : 'Получить код'}
            </button>
          </Form>
        )}
      </section>

      <section className={styles.section} aria-labelledby="my-data">
        <h2 id="my-data">Мои данные</h2>
        <p className={forms.hint}>
          Всё, что магазин хранит о вас: профиль, адреса, заказы, согласия, подписка, карта и вопросы — одним файлом.
        </p>
        <div className={styles.actions}>
          <a href="/lk/data/" download className={forms.linkButton}>
            Скачать мои данные
          </a>
          <ShopLink to="/lk/delete/">Удалить аккаунт</ShopLink>
        </div>
      </section>
    </CabinetLayout>
  );
}
