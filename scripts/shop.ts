import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ADMIN_API } from '../contract/api';
import { readSettings, type Settings, SettingsError } from '../config/settings';
import { type Database, openConfiguredDatabase } from '../db/client';
import { retentionRepository } from '../db/repositories/retention';
import { PID_FILE } from '../server/cluster';
import { restoreBackup, writeBackup } from '../server/ops/backup';
import { askShopForBackup } from '../server/ops/control';

/** `npm run shop -- <command>`: the shop's operator commands, for cron and for people. */
const COMMANDS: Record<string, { help: string; run(): Promise<void> }> = {
  prune: {
    help: 'удалить устаревшее: сессии посетителей без визитов 30 дней, события старше 90 дней, отправленные письма',
    async run() {
      const settings = readSettings();
      const database = await openConfiguredDatabase(settings);
      try {
        await database.migrate();
        const report = await retentionRepository(database.db, {
          auditDays: settings.AUDIT_RETENTION_DAYS,
          notificationReadDays: settings.STAFF_NOTIFICATIONS_READ_DAYS,
          notificationKeepDays: settings.STAFF_NOTIFICATIONS_KEEP_DAYS,
        }).prune(new Date());
        console.log(report ? `удалено: ${JSON.stringify(report)}` : 'очистку уже выполняет другой процесс');
      } finally {
        await database.close();
      }
    },
  },
  backup: {
    help: 'backup FILE: записать копию базы (и фотографий из папки данных) в FILE; для cron — раз в сутки',
    async run() {
      const file = path.resolve(argument('FILE'));
      const settings = readSettings();
      const started = Date.now();
      // The embedded database belongs to the running shop: it makes the copy; PostgreSQL is dumped from here.
      const bytes =
        (settings.DATABASE_URL ? null : await askShopForBackup(path.resolve(settings.DATA_DIR), file)) ??
        (await withDatabase(settings, (database) => writeBackup(settings, database, file)));
      console.log(`копия записана: ${file}, ${(bytes / 1024 / 1024).toFixed(1)} МБ за ${seconds(started)} с`);
    },
  },
  restore: {
    help: 'restore FILE: восстановить копию в пустую базу (DATABASE_URL или новая папка DATA_DIR)',
    async run() {
      const file = path.resolve(argument('FILE'));
      const started = Date.now();
      await restoreBackup(readSettings(), file, (line) => console.log(line));
      console.log(`восстановлено из ${file} за ${seconds(started)} с; запустите магазин`);
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

const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);

function argument(label: string): string {
  const value = process.argv[3];
  if (!value) throw new SettingsError(`Укажите ${label}: npm run shop -- ${process.argv[2]} ${label}`);
  return value;
}

async function withDatabase<T>(settings: Settings, fn: (database: Database) => Promise<T>): Promise<T> {
  const database = await openConfiguredDatabase(settings);
  try {
    await database.migrate();
    return await fn(database);
  } finally {
    await database.close();
  }
}

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
