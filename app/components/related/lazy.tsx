import { type ComponentProps, lazy, Suspense, useEffect, useState } from 'react';

/**
 * The rows that lead to more products (issue 44.3) as the pages insert them: nothing in the server's HTML (so the
 * cached page is the same for everyone), and their code is fetched only after the page has come to life, as a chunk
 * of its own that no page's first load carries.
 */
const ProductRelated = lazy(() => import('./ProductRelated'));
const ViewedRow = lazy(() => import('./ViewedRow'));
const Additions = lazy(() => import('./Additions'));

function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

export function LazyProductRelated(props: ComponentProps<typeof ProductRelated>) {
  const mounted = useMounted();
  return mounted ? (
    <Suspense fallback={null}>
      <ProductRelated {...props} />
    </Suspense>
  ) : null;
}

export function LazyViewedRow(props: ComponentProps<typeof ViewedRow>) {
  const mounted = useMounted();
  return mounted ? (
    <Suspense fallback={null}>
      <ViewedRow {...props} />
    </Suspense>
  ) : null;
}

export function LazyAdditions(props: ComponentProps<typeof Additions>) {
  const mounted = useMounted();
  return mounted ? (
    <Suspense fallback={null}>
      <Additions {...props} />
    </Suspense>
  ) : null;
}
