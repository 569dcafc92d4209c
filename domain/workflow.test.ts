import { describe, expect, it } from 'vitest';
import { CompensationFailedError, runWorkflow } from './workflow';

describe('runWorkflow', () => {
  it('returns what the body returns and undoes nothing when all goes well', async () => {
    const log: string[] = [];
    const result = await runWorkflow(async (step) => {
      const hold = await step(
        'hold',
        async () => 'h1',
        async () => void log.push('release'),
      );
      return `order with ${hold}`;
    });
    expect(result).toBe('order with h1');
    expect(log).toEqual([]);
  });

  it('undoes the done steps newest first with their results, then passes the error on', async () => {
    const log: string[] = [];
    const failure = new Error('склад не ответил');
    const run = runWorkflow(async (step) => {
      await step(
        'hold payment',
        async () => 'hold-1',
        async (h) => void log.push(`release ${h}`),
      );
      await step(
        'book courier',
        async () => 'slot-9',
        async (s) => void log.push(`cancel ${s}`),
      );
      await step('no undo', async () => 0);
      throw failure;
    });
    await expect(run).rejects.toBe(failure);
    expect(log).toEqual(['cancel slot-9', 'release hold-1']);
  });

  it('does not undo a step whose own call failed', async () => {
    const log: string[] = [];
    await expect(
      runWorkflow(async (step) => {
        await step(
          'hold',
          async () => 'h',
          async () => void log.push('release hold'),
        );
        await step(
          'book',
          async () => {
            throw new Error('занято');
          },
          async () => void log.push('cancel booking'),
        );
      }),
    ).rejects.toThrow('занято');
    expect(log).toEqual(['release hold']);
  });

  it('tries every undo and names the ones that failed, keeping the first error as the cause', async () => {
    const log: string[] = [];
    const failure = new Error('база недоступна');
    const error = await runWorkflow(async (step) => {
      await step(
        'a',
        async () => 1,
        async () => void log.push('undo a'),
      );
      await step(
        'b',
        async () => 2,
        async () => {
          throw new Error('платёжный сервис недоступен');
        },
      );
      throw failure;
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CompensationFailedError);
    expect((error as CompensationFailedError).failedSteps).toEqual(['b']);
    expect((error as CompensationFailedError).cause).toBe(failure);
    expect(log).toEqual(['undo a']);
  });
});
