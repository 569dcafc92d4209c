import { Link } from 'react-router';
import styles from './Logo.module.css';

export function Logo() {
  return (
    <Link to="/" className={styles.logo} aria-label="ВЬЮГА — на главную">
      ВЬЮГА
    </Link>
  );
}
