let hydrated = false;

/** Whether this render is the browser's hydration of the page the server sent (not the server, not a later render). */
export const inFirstHydration = () => typeof document !== 'undefined' && !hydrated;

/** Called by the root once the first hydration has committed: every later mount is a client render. */
export function markHydrated(): void {
  hydrated = true;
}
