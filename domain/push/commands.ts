/** Spec §4 Dialogs: the command that makes every open page reload. */
export const RELOAD_COMMAND = 'COMMAND_NEED_RELOAD';
export type PushCommand = typeof RELOAD_COMMAND;

/** Spec §9: pages reload after 100 to 15 000 ms, in steps of 100, so thousands of them do not come back at once. */
export const RELOAD_DELAY = { min: 100, max: 15_000, step: 100 } as const;

/** A delay for one page, from `random` in [0, 1). */
export function reloadDelayMs(random: () => number): number {
  const steps = (RELOAD_DELAY.max - RELOAD_DELAY.min) / RELOAD_DELAY.step + 1;
  return RELOAD_DELAY.min + Math.min(steps - 1, Math.floor(random() * steps)) * RELOAD_DELAY.step;
}
