import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ADMIN_API } from '../contract/api';
import { readSettings, SettingsError } from '../config/settings';
import { openConfiguredDatabase } from '../db/client';
import { retentionRepository } from '../db/repositories/retention';
import { PID_FILE } from '../server/cluster';

/** `npm run shop -- <command>`: the shop's operator commands, for cron and for people. */
const COMMANDS: Record<string, { help: string; run(): Promise<void> }> = {
  prune: {
    help: 'удалить устаревшее: сессии посетителей без визитов 30 дней, события старше 90 дней, отправленные письма',
    async run() {
      const settings = readSettings();
      const database = await openConfiguredDatabase(settings);
      try {
        await database.migrate();
        const report = await retentionRepository(database.db, { auditDays: settings.AUDIT_RETENTION_DAYS }).prune(
          new Date(),
        );
        console.log(report ? `удалено: ${JSON.stringify(report)}` : 'очистку уже выполняет другой процесс');
      } finally {
        await database.close();
      }
    },
  },
  reload: {
    help: 'перезапустить процессы магазина по одному, не теряя запросов (WORKERS от 2 на PostgreSQL); как SIGHUP',
    async run() {
      const settings = readSettings();
      const file = path.join(path.resolve(settings.DATA_DIR), PID_FILE);
      let pid: number;
      try {
        pid = Number(readFileSync(file, 'utf8').trim());
      } catch {
        throw new Error(`нет файла ${file}: магазин не запущен (или запущен с другим DATA_DIR)`);
      }
      try {
        process.kill(pid, 'SIGHUP');
      } catch {
        throw new Error(`процесс ${pid} из ${file} не найден: магазин не запущен?`);
      }
      console.log(`процессу ${pid} отправлен SIGHUP: процессы перезапускаются по одному (ход — в журнале магазина)`);
    },
  },
  'reload-pages': {
    help: 'перезагрузить все открытые страницы магазина (COMMAND_NEED_RELOAD); нужен ADMIN_TOKEN, адрес — SHOP_URL',
    async run() {
      const settings = readSettings();
      if (!settings.ADMIN_TOKEN) throw new SettingsError('Задайте ADMIN_TOKEN — тот же, что у магазина.');
      const base = process.env.SHOP_URL || `http://127.0.0.1:${settings.PORT}`;
      const res = await fetch(new URL(ADMIN_API.reloadPages, base), {
        method: 'POST',
        headers: { authorization: `Bearer ${settings.ADMIN_TOKEN}` },
      });
      const body = (await res.json().catch(() => null)) as {
        data?: { pages: number };
        errors?: { message: string }[];
      } | null;
      if (!res.ok) throw new Error(body?.errors?.[0]?.message ?? `магазин ответил ${res.status}`);
      console.log(`команда отправлена; открытых страниц у этого процесса: ${body?.data?.pages ?? 0}`);
    },
  },
};

const name = process.argv[2] ?? '';
const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
if (!command) {
  console.log(
    `npm run shop -- <команда>\n${Object.entries(COMMANDS)
      .map(([n, c]) => `  ${n}: ${c.help}`)
      .join('\n')}`,
  );
  process.exit(name ? 1 : 0);
}
try {
  await command.run();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
