/**
 * Steps with compensating actions for calls to the outside, in the spirit of Medusa's workflow steps: a payment
 * hold or a courier booking cannot join a database transaction, so each such step says how to undo itself, and a
 * failure later in the workflow undoes the steps already done, newest first.
 *
 *   await runWorkflow(async (step) => {
 *     const hold = await step('hold payment', () => payments.hold(sum), (h) => payments.release(h));
 *     await uow.run((repos) => saveOrder(repos, hold)); // the database part: one transaction
 *   });
 */

export type StepRunner = <T>(
  name: string,
  invoke: () => Promise<T>,
  compensate?: (result: T) => Promise<void>,
) => Promise<T>;

/** Thrown when undoing failed too: the original error is the cause, the steps left done are named for the staff. */
export class CompensationFailedError extends Error {
  constructor(
    readonly failedSteps: string[],
    readonly errors: unknown[],
    options: { cause: unknown },
  ) {
    super(`Не удалось отменить шаги: ${failedSteps.join(', ')}`, options);
    this.name = 'CompensationFailedError';
  }
}

export async function runWorkflow<T>(body: (step: StepRunner) => Promise<T>): Promise<T> {
  const done: { name: string; undo: () => Promise<void> }[] = [];
  const step: StepRunner = async (name, invoke, compensate) => {
    const result = await invoke();
    if (compensate) done.push({ name, undo: () => compensate(result) });
    return result;
  };
  try {
    return await body(step);
  } catch (error) {
    const failedSteps: string[] = [];
    const errors: unknown[] = [];
    // Every undo is tried, newest first, even when one of them fails.
    for (const { name, undo } of done.reverse()) {
      try {
        await undo();
      } catch (undoError) {
        failedSteps.push(name);
        errors.push(undoError);
      }
    }
    if (failedSteps.length > 0) throw new CompensationFailedError(failedSteps, errors, { cause: error });
    throw error;
  }
}
