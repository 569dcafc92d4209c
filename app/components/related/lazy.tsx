import { type ComponentProps, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';

/**
 * The rows that lead to more products (issue 44.3) as the pages insert them: nothing in the server's HTML (so the
 * cached page is the same for everyone), and their code is fetched only after the page has come to life, as a chunk
 * of its own that no page's first load carries.
 */
const ProductRelated = lazy(() => import('./ProductRelated'));
const ViewedRow = lazy(() => import('./ViewedRow'));
const Additions = lazy(() => import('./Additions'));

function AfterHydration({ children }: { children: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted ? <Suspense fallback={null}>{children}</Suspense> : null;
}

export const LazyProductRelated = (props: ComponentProps<typeof ProductRelated>) => (
  <AfterHydration>
    <ProductRelated {...props} />
  </AfterHydration>
);

export const LazyViewedRow = (props: ComponentProps<typeof ViewedRow>) => (
  <AfterHydration>
    <ViewedRow {...props} />
  </AfterHydration>
);

export const LazyAdditions = (props: ComponentProps<typeof Additions>) => (
  <AfterHydration>
    <Additions {...props} />
  </AfterHydration>
);
