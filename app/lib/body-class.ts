import { useEffect } from 'react';

/**
 * Spec §4: the page's states that parts outside their component follow («search-open», «header-hidden») are classes
 * on <body>, there while `on`.
 */
export function useBodyClass(name: string, on: boolean): void {
  useEffect(() => {
    if (!on) return;
    document.body.classList.add(name);
    return () => document.body.classList.remove(name);
  }, [name, on]);
}
