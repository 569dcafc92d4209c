import { Link } from 'react-router';
import { SHOP_NAME } from '../../domain/catalog/listing/listing-seo';
import styles from '~/components/account/Cabinet.module.css';
import { CabinetLayout } from '~/components/account/CabinetLayout';
import { requireCabinetUser } from '~/lib/cabinet';
import type { Route } from './+types/lk.order';

/** Spec §2 /lk/order/: my orders. The order history arrives with the checkout pages. */
export function loader({ request, context }: Route.LoaderArgs) {
  requireCabinetUser(request, context);
  return null;
}

export const headers = () => ({ 'Cache-Control': 'private, no-store' });

export function meta() {
  return [{ title: `Мои заказы — ${SHOP_NAME}` }, { name: 'robots', content: 'noindex' }];
}

export default function Orders() {
  return (
    <CabinetLayout title="Мои заказы">
      <p className={styles.empty}>Заказов пока нет.</p>
      <Link to="/catalog/women/">Перейти в каталог</Link>
    </CabinetLayout>
  );
}
