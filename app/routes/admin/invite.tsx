import { Form, redirect } from 'react-router';
import { ROLE_TITLES } from '../../../domain/staff/permissions';
import { staffAcceptInput } from '../../../domain/staff/staff.schemas';
import { FormResult } from '~/components/admin/kit';
import { staffCookie } from '~/lib/admin';
import { type FormOutcome, intent, staffAction } from '~/lib/admin-action';
import { cachePolicy } from '../../../contract/cache-policy';
import styles from './admin.module.css';
import type { Route } from './+types/invite';

/** The page of an invitation link (or the first owner's link): a name and a password create the account, once. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const invitation = token ? await context.services.staffTeam.invitation(token, context.ctx.now()) : null;
  return { invitation: invitation && { ...invitation, roleTitle: ROLE_TITLES[invitation.role] } };
}

export const action = staffAction('open', {
  accept: intent({
    read: (form) => ({ ...form.fields(), email: form.text('email') || undefined }),
    schema: staffAcceptInput,
    async run({ input, context, url }) {
      const token = url.searchParams.get('token') ?? '';
      const { token: session } = await context.services.staffTeam.acceptInvite(context.ctx, token, input);
      staffCookie(context).start(session);
      // As at a login: the visitor cookie sent in may have been planted.
      context.session.renew(context.session.newId());
      return redirect('/admin/');
    },
  }),
});

export const headers = cachePolicy('private');

export function meta() {
  return [{ title: 'Приглашение — панель управления ВЬЮГА' }, { name: 'robots', content: 'noindex' }];
}

export default function Invite({ loaderData, actionData }: Route.ComponentProps) {
  const { invitation } = loaderData;
  if (!invitation)
    return (
      <main className={styles.login}>
        <h1>Приглашение недействительно</h1>
        <p>Ссылка устарела или уже использована. Попросите владельца прислать новое приглашение.</p>
      </main>
    );
  return (
    <main className={styles.login}>
      <h1>Добро пожаловать</h1>
      <p>
        {`Роль: ${invitation.roleTitle}.`}
        {invitation.email && ` Адрес для входа: ${invitation.email}.`} Задайте имя и пароль (не короче 8 символов).
      </p>
      <Form method="post" className={styles.form}>
        <FormResult result={actionData as FormOutcome | undefined} />
        {!invitation.email && (
          <label>
            Email
            <input name="email" type="email" autoComplete="username" required />
          </label>
        )}
        <label>
          Имя
          <input name="name" autoComplete="name" required maxLength={100} />
        </label>
        <label>
          Пароль
          <input name="password" type="password" autoComplete="new-password" required minLength={8} />
        </label>
        <button type="submit" className={styles.button}>
          Создать учётную запись
        </button>
      </Form>
    </main>
  );
}
