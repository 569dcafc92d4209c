import { ChevronLeft } from 'lucide-react';
import { ShopLink } from '~/components/ui/ShopLink';
import styles from './SectionTree.module.css';

export interface TreeNode {
  id: number;
  name: string;
  url: string;
  count: number;
}

/** The sections under (or beside) the current one, with their product counts. */
export function SectionTree({
  nodes,
  currentId,
  parent,
}: {
  nodes: TreeNode[];
  currentId: number;
  parent: TreeNode | null;
}) {
  if (nodes.length === 0 && !parent) return null;
  return (
    <nav aria-label="Разделы каталога" className={styles.tree}>
      {parent && (
        <ShopLink to={parent.url} className={styles.up}>
          <ChevronLeft size={16} aria-hidden />
          {parent.name}
        </ShopLink>
      )}
      <ul className={styles.list}>
        {nodes.map((n) => (
          <li key={n.id}>
            {n.id === currentId ? (
              <span className={`${styles.link} ${styles.current}`} aria-current="page">
                {n.name}
                <span className={styles.count}>{n.count}</span>
              </span>
            ) : (
              <ShopLink to={n.url} className={styles.link}>
                {n.name}
                <span className={styles.count}>{n.count}</span>
              </ShopLink>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
