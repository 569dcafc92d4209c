import path from 'node:path';
import { readSettings, SettingsError } from '../config/settings';
import { openDatabase } from '../db/client';
import { retentionRepository } from '../db/repositories/retention';

/** `npm run shop -- <command>`: the shop's operator commands, for cron and for people. */
const COMMANDS: Record<string, { help: string; run(): Promise<void> }> = {
  prune: {
    help: 'удалить устаревшее: сессии посетителей без визитов 30 дней, события старше 90 дней, отправленные письма',
    async run() {
      const settings = readSettings();
      const database = await openDatabase({
        databaseUrl: settings.DATABASE_URL,
        dataDir: path.join(path.resolve(settings.DATA_DIR), 'pglite'),
      });
      try {
        await database.migrate();
        const report = await retentionRepository(database.db).prune(new Date());
        console.log(report ? `удалено: ${JSON.stringify(report)}` : 'очистку уже выполняет другой процесс');
      } finally {
        await database.close();
      }
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
  console.error(error instanceof SettingsError ? error.message : error);
  process.exit(1);
}
