import { Suspense, useState } from 'react';
import type { ActiveMenuWhere } from '~/lib/menu';
import type { RootData } from '~/root';
import { lazyChunk } from '~/lib/chunks';
import { Dialog } from '../ui/Dialog';

/** The menu's contents are fetched at its first opening, with the same reasons as below for not drawing them. */
const MobileMenuNav = lazyChunk(() => import('./MobileMenuNav').then((m) => ({ default: m.MobileMenuNav })));

interface Props {
  open: boolean;
  onClose: () => void;
  /** Which menu and where: the menu itself is fetched (app/lib/menu.ts), the page's data does not carry it. */
  where: ActiveMenuWhere;
  city: RootData['city'];
}

/** The mobile menu: category tabs, then blocks whose columns of items expand and collapse. */
export function MobileMenu({ open, onClose, where, city }: Props) {
  // The menu is drawn at its first opening and kept: its ~220 elements were a sixth of every page's render and
  // hydration, for a panel most visitors never open (its sections are in the header's menu and on the pages).
  const [drawn, setDrawn] = useState(open);
  if (open && !drawn) setDrawn(true);
  return (
    <Dialog open={open} onClose={onClose} title="Меню" variant="menu" id="mobile-menu">
      {drawn && (
        <Suspense fallback={null}>
          <MobileMenuNav onClose={onClose} where={where} city={city} />
        </Suspense>
      )}
    </Dialog>
  );
}
