import { ShopLink } from '~/components/ui/ShopLink';
import styles from './Logo.module.css';

export function Logo() {
  return (
    <ShopLink to="/" className={styles.logo} aria-label="ВЬЮГА — на главную">
      ВЬЮГА
    </ShopLink>
  );
}
