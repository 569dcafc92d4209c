import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import pino from 'pino';
import { readSettings } from '../config/settings';
import { openConfiguredDatabase } from '../db/client';
import { prepareDatabase } from '../db/bootstrap';
import { createShopApp } from '../server/shop';

/**
 * `NODE_ENV=production npx tsx bench/render-cpu.ts [paths,comma-separated] [requests]`: the shop's own CPU time per
 * uncached page (page cache off), asked one at a time through the app's fetch. On PostgreSQL (`DATABASE_URL`, by
 * default a database `renderbench` seeded with the demo catalogue on first run) the database's work is another
 * process's: what is left is the render's. CPU time, unlike requests a second, moves little on a busy machine.
 * `RENDER_CPU_PROF=<file>` writes a CPU profile of the measured requests only (the start and warm-up left out).
 */
const settings = readSettings({
  DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/renderbench',
  DATA_DIR: '/tmp/renderbench',
  PAGE_CACHE: 'off',
  LOG_LEVEL: 'silent',
  PHOTO_SIZES_AHEAD: 'off',
});
const database = await openConfiguredDatabase(settings);
const { secret } = await prepareDatabase(database, { seed: settings.SEED, products: settings.SEED_PRODUCTS, log() {} });
const shop = await createShopApp({ settings, database, secret, logger: pino({ level: 'silent' }) });
await shop.warmIndex();
const paths = (process.argv[2] ?? '/catalog/women/verkhnyaya-odezhda/puhoviki/,/search/?q=пуховик,/').split(',');
const n = Number(process.argv[3] ?? 200);
const profileFile = process.env.RENDER_CPU_PROF;
const inspector = profileFile ? new Session() : undefined;
inspector?.connect();
for (const p of paths) {
  const url = `http://127.0.0.1${encodeURI(p)}`;
  const get = async () => {
    const r = await shop.app.fetch(new Request(url));
    return (await r.arrayBuffer()).byteLength;
  };
  for (let i = 0; i < 40; i++) await get();
  if (inspector) await inspector.post('Profiler.enable').then(() => inspector.post('Profiler.start'));
  const runs: number[] = [];
  let bytes = 0;
  for (let k = 0; k < 10; k++) {
    const cpu = process.cpuUsage();
    for (let i = 0; i < n / 10; i++) bytes = await get();
    const d = process.cpuUsage(cpu);
    runs.push((d.user + d.system) / 1000 / (n / 10));
  }
  if (inspector) {
    const { profile } = await inspector.post('Profiler.stop');
    writeFileSync(paths.length > 1 ? `${profileFile}.${paths.indexOf(p)}` : profileFile!, JSON.stringify(profile));
  }
  runs.sort((a, b) => a - b);
  console.log(
    `${p}: ${bytes} B, the shop's CPU per page: median ${runs[5].toFixed(2)} ms, least ${runs[0].toFixed(2)} ms`,
  );
}
process.exit(0);
