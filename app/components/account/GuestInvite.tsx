import { useVisitor } from '~/lib/visitor';
import { AuthLink } from './AuthLink';
import styles from './AccountForms.module.css';

/**
 * A guest's way in from the basket and the wishlist: the login and registration popups (spec §2). Until the page
 * knows who the visitor is, the line holds its place unseen, so a guest's page does not move down when it shows
 * (issue 46.1); a signed-in visitor's loses it.
 */
export function GuestInvite({ text }: { text: string }) {
  const visitor = useVisitor();
  if (visitor?.user.auth === true) return null;
  const unknown = visitor === null;
  return (
    <p
      className={styles.invite}
      style={unknown ? { visibility: 'hidden' } : undefined}
      aria-hidden={unknown || undefined}
    >
      <AuthLink dialog="login">Войдите</AuthLink> или <AuthLink dialog="register">зарегистрируйтесь</AuthLink>
      {` — ${text}`}
    </p>
  );
}
