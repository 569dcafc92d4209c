import { ShopLink } from '~/components/ui/ShopLink';
import type { RootData } from '~/root';
import styles from './MobileMenu.module.css';

/** The information links under the phone menu and the menu page: the shops of the city, help pages, the hot line. */
export function MobileMenuLinks({ city }: { city: RootData['city'] }) {
  return (
    <ul className={styles.links}>
      <li>
        <ShopLink to="/stores/">Магазины{city ? ` в городе ${city.name}` : ''}</ShopLink>
      </li>
      <li>
        <ShopLink to="/info/dostavka-i-oplata/">Доставка и оплата</ShopLink>
      </li>
      <li>
        <ShopLink to="/info/bonusnaya-programma/">Бонусная программа</ShopLink>
      </li>
      <li>
        <ShopLink to="/contacts/">Задать вопрос</ShopLink>
      </li>
      {city?.phones[0] && (
        <li>
          <a href={`tel:${city.phones[0].replace(/[^\d+]/g, '')}`}>{city.phones[0]}</a>
        </li>
      )}
    </ul>
  );
}
