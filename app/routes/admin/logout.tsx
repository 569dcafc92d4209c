import { Form, redirect } from 'react-router';
import { staffCookie, staffPage } from '~/lib/admin';
import { intent, staffAction } from '~/lib/admin-action';
import { cachePolicy } from '../../../contract/cache-policy';
import styles from './admin.module.css';
import type { Route } from './+types/logout';

export async function loader({ request, context }: Route.LoaderArgs) {
  staffPage(request, context, 'account.manage');
  return null;
}

/** Ends the staff session (its row and its cookie). */
export const action = staffAction('account.manage', {
  logout: intent({
    async run({ context }) {
      const session = staffCookie(context);
      if (session.token) await context.services.staffAccounts.logOut(context.ctx, session.token);
      session.end();
      return redirect('/admin/login/');
    },
  }),
});

export const headers = cachePolicy('private');

export default function Logout() {
  return (
    <>
      <h1>Выход</h1>
      <Form method="post">
        <button type="submit" className={styles.button}>
          Выйти из панели управления
        </button>
      </Form>
    </>
  );
}
