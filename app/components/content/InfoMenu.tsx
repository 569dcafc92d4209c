import { NavLink } from 'react-router';
import { type ContentLink, MENU_SECTIONS, type MenuSection } from '../../../domain/content/content';
import styles from './InfoMenu.module.css';

/** The information pages by group, the current one marked: the side menu of every information page. */
export function InfoMenu({ links }: { links: readonly ContentLink[] }) {
  return (
    <nav aria-label="Разделы информации" className={styles.menu}>
      {(Object.keys(MENU_SECTIONS) as MenuSection[]).map((section) => {
        const list = links.filter((l) => l.menuSection === section);
        if (!list.length) return null;
        return (
          <div key={section}>
            <h2 className={styles.title}>{MENU_SECTIONS[section]}</h2>
            <ul>
              {list.map((l) => (
                <li key={l.url}>
                  <NavLink to={l.url} end className={({ isActive }) => (isActive ? styles.active : undefined)}>
                    {l.title}
                  </NavLink>
                </li>
              ))}
              {section === 'buyers' && (
                <li>
                  <NavLink to="/contacts/">Контакты</NavLink>
                </li>
              )}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}
