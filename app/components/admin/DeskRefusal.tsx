import { Link } from 'react-router';
import { errorText } from '~/lib/admin-orders';
import styles from '../../routes/admin/admin.module.css';
import desk from '../../routes/admin/orders.module.css';

/** What a desk page shows when its loader is refused: the reason, and the way back to the list. */
export function DeskRefusal({ title, error }: { title: string; error: unknown }) {
  return (
    <>
      <h1>{title}</h1>
      <p className={styles.error} role="alert">
        {errorText(error)}
      </p>
      <p>
        <Link to="/admin/orders/" className={desk.link}>
          К списку заказов
        </Link>
      </p>
    </>
  );
}
