/**
 * The visitor's personal parts of every page — who they are, their basket counts and the session's `sessid` — from
 * one call after load (`GET /api/v2/user/state/`), so that pages themselves carry nothing personal and can be
 * cached and shared (decision 0011, spec §8's composite cache).
 */
import { useEffect, useSyncExternalStore } from 'react';
import { API, type UserStateAnswer } from '../../contract/api';

let state: UserStateAnswer | null = null;
let loading: Promise<UserStateAnswer | null> | null = null;
const listeners = new Set<() => void>();

function publish(next: UserStateAnswer): void {
  state = next;
  for (const listener of listeners) listener();
}

/** Spec §8 (the composite cache's failure): logged, and the page goes on as a guest's. */
export const NO_VISITOR = 'Не удалось загрузить данные посетителя: страница работает как у гостя';

async function fetchState(): Promise<UserStateAnswer | null> {
  try {
    const response = await fetch(API.userState, {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    const json = (await response.json()) as { status?: string; data?: UserStateAnswer };
    if (json.status === 'ok' && json.data) {
      publish(json.data);
      return json.data;
    }
  } catch {
    // A network failure or a body that is not JSON: the same as an error answer.
  }
  // The callers' after-load work still runs, with no visitor (no basket counts, an empty sessid).
  console.warn(NO_VISITOR);
  return null;
}

/** The state of this page load: asked once, shared by every caller; a failed call is asked again next time. */
export function loadVisitor(): Promise<UserStateAnswer | null> {
  if (state) return Promise.resolve(state);
  loading ??= fetchState().finally(() => {
    loading = null;
  });
  return loading;
}

/** Asks again after something changed who the visitor is or what they hold (a login, a new session). */
export function refreshVisitor(): Promise<UserStateAnswer | null> {
  state = null;
  return loadVisitor();
}

/** The `sessid` every state-changing call carries; '' when the state cannot be loaded (the server then refuses). */
export async function currentSessid(): Promise<string> {
  return (await loadVisitor())?.sessid ?? '';
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The visitor's state once known; null while rendering on the server, hydrating and loading. */
export function useVisitor(): UserStateAnswer | null {
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => null,
  );
  useEffect(() => {
    void loadVisitor();
  }, []);
  return current;
}
