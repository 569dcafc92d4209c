import type { MenuBlock } from '../../../domain/menu/menu';
import { ShopLink } from '~/components/ui/ShopLink';
import { MenuPrice } from './MenuPrice';
import styles from './MobileMenu.module.css';

/** A phone menu block's contents, in the dialog and on the menu page: its columns of items, then «Смотреть всё». */
export function MenuBlockItems({ block }: { block: MenuBlock }) {
  return (
    <>
      {block.columns.map((column) => (
        <ul key={column.id} className={styles.column}>
          {column.items.map((item) => (
            <li key={item.id}>
              <ShopLink to={item.url} className={`${styles.item} ${item.bold ? styles.bold : ''}`}>
                <span>{item.name}</span>
                <MenuPrice kopecks={item.minPrice} className={styles.price} />
              </ShopLink>
            </li>
          ))}
        </ul>
      ))}
      <ShopLink to={block.url} className={styles.all}>
        Смотреть всё: {block.name.toLowerCase()}
      </ShopLink>
    </>
  );
}
