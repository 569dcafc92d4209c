import { ShopLink } from '~/components/ui/ShopLink';
import { useVisitor } from '~/lib/visitor';
import { AuthLink } from './AuthLink';

/**
 * The way to a discount card (spec §2, §4 Dialogs): a guest registers with one in its popup (/auth/registerdc/
 * without JavaScript); a logged-in visitor finds theirs in the cabinet.
 */
export function DiscountCardLink({ children }: { children: React.ReactNode }) {
  const visitor = useVisitor();
  if (visitor?.user.auth) return <ShopLink to="/lk/dc/">{children}</ShopLink>;
  return <AuthLink dialog="registerdc">{children}</AuthLink>;
}
