/**
 * Which account popup is open (spec §4 Dialogs): login and registration are mutually exclusive, so there is one
 * value, and opening one closes the other.
 */
import { useSyncExternalStore } from 'react';

export type AuthDialog = 'login' | 'register' | 'registerdc';

let current: AuthDialog | null = null;
const listeners = new Set<() => void>();

export function openAuthDialog(next: AuthDialog | null): void {
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAuthDialog(): AuthDialog | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
