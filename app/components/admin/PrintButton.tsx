import { useEffect, useState } from 'react';
import print from '~/routes/admin/print.module.css';

/** Shown once the page runs: without JavaScript the browser's own print command does the same. */
export function PrintButton() {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  if (!ready) return null;
  return (
    <button type="button" className={print.printButton} onClick={() => window.print()}>
      Печать
    </button>
  );
}
