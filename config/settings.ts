import { z } from 'zod';

/** Settings come from the environment only; a bad value stops the boot with a readable message. */
const settingsSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'ожидается адрес вида postgres://user@host:5432/db')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SITE_URL: z.url().default('http://localhost:3000'),
  TZ: z
    .string()
    .default('Europe/Moscow')
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('ru', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'неизвестный часовой пояс'),
  SITE_ID: z.string().default('s1'),
  IMG_VERSION: z
    .string()
    .regex(/^[\w.-]+$/)
    .default('1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED: z.coerce.number().int().min(0).default(20261121),
  SEED_PRODUCTS: z.coerce.number().int().min(1).max(200000).default(900),
  MAPS_API_KEY: z.string().optional(),
  ADDRESS_API_KEY: z.string().optional(),
  /** `1` behind the shop's own proxy or load balancer: the client address is the last X-Forwarded-For hop. */
  TRUST_PROXY: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
  GIVE_OUT_DISCOUNT_CARD_ON_REGISTER: z
    .enum(['0', '1', 'true', 'false'])
    .default('1')
    .transform((v) => v === '1' || v === 'true'),
});

export type Settings = z.infer<typeof settingsSchema>;

export class SettingsError extends Error {}

export function readSettings(env: Record<string, string | undefined> = process.env): Settings {
  const parsed = settingsSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new SettingsError(`Неверные настройки окружения:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
