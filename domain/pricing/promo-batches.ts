import { z } from 'zod';
import type { RequestContext } from '../context';
import { DomainError } from '../errors';
import { csvCell } from '../order/desk-csv';
import { requirePermission } from '../staff/permissions';
import type { StaffWrite } from '../staff/staff-write';

/** Most codes one batch makes. */
export const BATCH_MAX = 10_000;
/** Random characters after the prefix: no 0/O, 1/I/L, so a code read aloud or off paper is typed right. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const RANDOM_LENGTH = 8;
/** Rounds of drawing again for codes already taken (each round draws only the missing ones). */
const DRAWS = 8;

/** A batch's order: how many codes, and the prefix they start with (upper-cased, up to 16 of A–Z, 0–9, «-»). */
export const promoBatchInput = z.object({
  count: z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d{1,6}\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: 'Количество — целое число от 1 до 10 000.' })
      .int('Количество — целое число от 1 до 10 000.')
      .min(1, 'Количество — целое число от 1 до 10 000.')
      .max(BATCH_MAX, 'За раз — не больше 10 000 кодов.'),
  ),
  prefix: z
    .string({ error: 'Префикс — строка.' })
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(
      z
        .string()
        .regex(/^([A-Z0-9][A-Z0-9-]{0,15})?$/, 'Префикс — до 16 символов: латинские буквы, цифры и «-» (не первым).'),
    )
    .default(''),
});
export type PromoBatchInput = z.infer<typeof promoBatchInput>;

export interface PromoBatch {
  id: number;
  ruleCode: string;
  prefix: string;
  count: number;
  /** Codes already spent by an order. */
  used: number;
  createdAt: string;
}

/** The rule a batch copies, under its row lock. */
export interface BatchRule {
  code: string;
  stopped: boolean;
  ended: boolean;
  /** The rule is itself a batch's code. */
  inBatch: boolean;
}

/** The SQL of promo batches, on a unit of work's transaction (writes) or the database (reads). */
export interface PromoBatchRepository {
  lockRule(code: string, now: Date): Promise<BatchRule | null>;
  createBatch(ruleCode: string, prefix: string, count: number): Promise<number>;
  /** Codes with the rule's terms, one use each (per customer too), in the batch; answers how many were new. */
  insertCodes(batchId: number, ruleCode: string, codes: readonly string[]): Promise<number>;
  batches(ruleCode: string): Promise<PromoBatch[]>;
  batch(id: number): Promise<PromoBatch | null>;
  /** The batch's codes in the order they were made, with the order that spent each. */
  codes(batchId: number): Promise<{ code: string; order: string | null }[]>;
}

export interface PromoBatchService {
  create(ctx: RequestContext, ruleCode: string, input: PromoBatchInput): Promise<PromoBatch>;
  list(ctx: RequestContext, ruleCode: string): Promise<PromoBatch[]>;
  /** The batch's codes as CSV for Excel: UTF-8 with BOM, «;». */
  exportCsv(ctx: RequestContext, batchId: number): Promise<{ batch: PromoBatch; csv: string }>;
}

const notFound = () => new DomainError('not_found', 'Такого промокода нет.', 'PROMO_NOT_FOUND');
const batchNotFound = () => new DomainError('not_found', 'Такой партии кодов нет.', 'PROMO_BATCH_NOT_FOUND');

/** `count` random codes after `prefix`, distinct among themselves. */
export function drawCodes(prefix: string, count: number, random: (n: number) => Uint8Array): string[] {
  const out = new Set<string>();
  while (out.size < count) {
    const bytes = random((count - out.size) * RANDOM_LENGTH);
    for (let i = 0; i + RANDOM_LENGTH <= bytes.length && out.size < count; i += RANDOM_LENGTH) {
      let tail = '';
      for (let j = 0; j < RANDOM_LENGTH; j++) tail += ALPHABET[(bytes[i + j] as number) % ALPHABET.length];
      out.add(`${prefix}${tail}`);
    }
  }
  return [...out];
}

const cryptoRandom = (n: number) => crypto.getRandomValues(new Uint8Array(n));

export function createPromoBatchService(deps: {
  repo: PromoBatchRepository;
  write: StaffWrite;
  random?: (n: number) => Uint8Array;
}): PromoBatchService {
  const { repo, write } = deps;
  const random = deps.random ?? cryptoRandom;
  return {
    async create(ctx, ruleCode, input) {
      return write(ctx, 'promo.batch', { id: ruleCode }, async ({ promoBatches }) => {
        const rule = await promoBatches.lockRule(ruleCode, ctx.now());
        if (!rule) throw notFound();
        if (rule.inBatch)
          throw new DomainError(
            'conflict',
            'Это одноразовый код из партии: партию делают из обычного промокода.',
            'PROMO_IN_BATCH',
          );
        if (rule.stopped)
          throw new DomainError('conflict', 'Промокод остановлен: из него нельзя сделать партию.', 'PROMO_STOPPED');
        if (rule.ended)
          throw new DomainError(
            'conflict',
            'Срок промокода закончился: продлите его, потом делайте партию.',
            'PROMO_ENDED',
          );
        const id = await promoBatches.createBatch(ruleCode, input.prefix, input.count);
        let made = 0;
        for (let round = 0; round < DRAWS && made < input.count; round++)
          made += await promoBatches.insertCodes(id, ruleCode, drawCodes(input.prefix, input.count - made, random));
        if (made < input.count)
          throw new DomainError(
            'conflict',
            'Не удалось придумать столько новых кодов с этим префиксом: возьмите префикс длиннее или другой.',
            'PROMO_BATCH_CODES',
          );
        const batch = (await promoBatches.batch(id)) as PromoBatch;
        return {
          value: batch,
          after: { batchId: id, prefix: input.prefix, count: input.count },
        };
      });
    },

    async list(ctx, ruleCode) {
      requirePermission(ctx, 'promo.edit');
      return repo.batches(ruleCode);
    },

    async exportCsv(ctx, batchId) {
      requirePermission(ctx, 'promo.edit');
      const batch = await repo.batch(batchId);
      if (!batch) throw batchNotFound();
      const rows = await repo.codes(batchId);
      const line = (cells: string[]) => `${cells.map(csvCell).join(';')}\r\n`;
      const csv =
        '\uFEFF' +
        line(['Промокод', 'Использован', 'Заказ']) +
        rows.map((r) => line([r.code, r.order === null ? 'нет' : 'да', r.order ?? ''])).join('');
      return { batch, csv };
    },
  };
}
