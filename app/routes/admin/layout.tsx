import { lazy, Suspense } from 'react';
import { Form, isRouteErrorResponse, NavLink, Outlet } from 'react-router';
import { can, roleMay, ROLE_TITLES, type StaffAction } from '../../../domain/staff/permissions';
import { staffPage } from '~/lib/admin';
import { cachePolicy } from '../../../contract/cache-policy';
import styles from './admin.module.css';
import { NotificationBadge } from '~/components/admin/notification-badge';
import type { Route } from './+types/layout';

// The server renders the search box into every desk page (a plain form to the results page until it hydrates); its
// script is not among what a page must load before it works.
const DeskSearch = lazy(() => import('~/components/admin/DeskSearch').then((m) => ({ default: m.DeskSearch })));

/**
 * The sections of the back office and what each needs: the navigation shows only what the role may do. `everyShop`:
 * the grant must reach every shop (a carrier's parcel belongs to none).
 */
const SECTIONS: { to: string; label: string; action: StaffAction | null; everyShop?: true }[] = [
  { to: '/admin/', label: 'Главная', action: null },
  { to: '/admin/notifications/', label: 'Уведомления', action: null },
  { to: '/admin/orders/', label: 'Заказы', action: 'orders.read' },
  { to: '/admin/handover/', label: 'Выдача', action: 'orders.move' },
  { to: '/admin/delivery/', label: 'Доставка', action: 'orders.read', everyShop: true },
  { to: '/admin/staff/', label: 'Сотрудники', action: 'staff.manage' },
  { to: '/admin/audit/', label: 'Журнал действий', action: 'audit.read' },
  { to: '/admin/funnel/', label: 'Воронка', action: 'reports.read' },
  { to: '/admin/exchange/', label: 'Обмен с 1С', action: 'exchange.run' },
  { to: '/admin/products/', label: 'Каталог', action: 'catalog.edit' },
  { to: '/admin/stock/', label: 'Остатки', action: 'stock.adjust' },
  { to: '/admin/stock/documents/', label: 'Документы остатков', action: 'stock.adjust' },
  { to: '/admin/stock-alerts/', label: 'Ждут поступления', action: 'catalog.edit' },
  { to: '/admin/catalog-io/', label: 'Импорт и экспорт', action: 'catalog.edit' },
  { to: '/admin/promocodes/', label: 'Промокоды', action: 'promo.edit' },
  { to: '/admin/content/', label: 'Контент', action: 'content.edit' },
  { to: '/admin/shops/', label: 'Магазины', action: 'content.edit' },
  { to: '/admin/questions/', label: 'Вопросы', action: 'content.edit' },
  { to: '/admin/reviews/', label: 'Отзывы', action: 'reviews.moderate' },
  { to: '/admin/customers/', label: 'Покупатели', action: 'customers.read' },
  { to: '/admin/account/', label: 'Мой профиль', action: null },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const member = staffPage(request, context, 'account.manage');
  // The inbox says how many questions wait for an answer, to whoever answers them.
  const [waiting, timeZone, unread] = await Promise.all([
    roleMay(member, 'content.edit') ? context.services.questionsAdmin.unanswered(context.ctx) : 0,
    context.services.staffAccounts.timeZone(context.ctx),
    context.services.staffNotifications.unread(context.ctx),
  ]);
  return {
    timeZone,
    unread,
    email: member.email,
    role: ROLE_TITLES[member.role],
    sections: SECTIONS.filter(
      (s) => s.action === null || (s.everyShop ? can(member, s.action, null) : roleMay(member, s.action)),
    ).map(({ to, label }) => ({
      to,
      label: to === '/admin/questions/' && waiting > 0 ? `${label} (${waiting})` : label,
    })),
  };
}

export const headers = cachePolicy('private');

export function meta() {
  return [{ title: 'Панель управления — ВЬЮГА' }, { name: 'robots', content: 'noindex' }];
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className={styles.page}>
      <nav className={styles.nav} aria-label="Разделы панели управления">
        <span className={styles.brand}>ВЬЮГА · управление</span>
        <div className={styles.sections}>
          {loaderData.sections.map((s) => (
            <NavLink key={s.to} to={s.to} end={s.to === '/admin/'}>
              {s.label}
              {s.to === '/admin/notifications/' && <NotificationBadge initial={loaderData.unread} />}
            </NavLink>
          ))}
        </div>
        <div className={styles.who}>
          <div>{loaderData.email}</div>
          <div>{loaderData.role}</div>
          <Form method="post" action="/admin/logout/">
            <button type="submit">Выйти</button>
          </Form>
        </div>
      </nav>
      <main className={styles.main}>
        <Suspense fallback={null}>
          <DeskSearch />
        </Suspense>
        <Outlet />
      </main>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const [title, text] =
    status === 403
      ? ['Нет доступа', 'Вашей роли этот раздел недоступен.']
      : status === 404
        ? ['Не найдено', 'Такой страницы нет: возможно, её уже удалили.']
        : ['Что-то пошло не так', 'Обновите страницу через минуту.'];
  return (
    <main className={styles.login}>
      <h1>{title}</h1>
      <p>{text}</p>
      <p>
        <a href="/admin/">В панель управления</a>
      </p>
    </main>
  );
}
