import { Link } from 'react-router';
import { errorText } from '~/lib/admin-orders';
import styles from '../../routes/admin/admin.module.css';
import desk from '../../routes/admin/orders.module.css';

/** What a desk page shows when its loader is refused: the reason, and the way back to the desk's list. */
export function DeskRefusal({
  title,
  error,
  back = { to: '/admin/orders/', label: 'К списку заказов' },
}: {
  title: string;
  error: unknown;
  back?: { to: string; label: string };
}) {
  return (
    <>
      <h1>{title}</h1>
      <p className={styles.error} role="alert">
        {errorText(error)}
      </p>
      <p>
        <Link to={back.to} className={desk.link}>
          {back.label}
        </Link>
      </p>
    </>
  );
}
