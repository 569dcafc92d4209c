import { useVisitor } from '~/lib/visitor';
import { AuthLink } from './AuthLink';
import styles from './AccountForms.module.css';

/** A guest's way in from the basket and the wishlist: the login and registration popups (spec §2). */
export function GuestInvite({ text }: { text: string }) {
  const visitor = useVisitor();
  if (visitor?.user.auth !== false) return null;
  return (
    <p className={styles.invite}>
      <AuthLink dialog="login">Войдите</AuthLink> или <AuthLink dialog="register">зарегистрируйтесь</AuthLink>
      {` — ${text}`}
    </p>
  );
}
