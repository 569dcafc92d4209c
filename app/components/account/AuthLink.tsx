import { ShopLink, type ShopLinkProps } from '~/components/ui/ShopLink';
import { type AuthDialog, openAuthDialog } from '~/lib/auth-dialog';

export const AUTH_PAGES: Record<AuthDialog, string> = {
  login: '/auth/',
  register: '/auth/register/',
  registerdc: '/auth/registerdc/',
};

/**
 * A link to the login or registration page that, once the page runs, opens the popup instead (spec §2 popups);
 * without JavaScript, or opened in a new tab, it is the page.
 */
export function AuthLink({
  dialog,
  to,
  ...link
}: { dialog: AuthDialog } & Omit<ShopLinkProps, 'to'> & { to?: string }) {
  return (
    <ShopLink
      to={to ?? AUTH_PAGES[dialog]}
      {...link}
      onClick={(e) => {
        link.onClick?.(e);
        if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        openAuthDialog(dialog);
      }}
    >
      {link.children}
    </ShopLink>
  );
}
