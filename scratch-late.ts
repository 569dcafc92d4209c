import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from './db/client';
for (const offThread of [false, true]) {
  const d = await openDatabase({ dataDir: 'memory://', offThread });
  let worst = 0, last = performance.now();
  const t = setInterval(() => { const n = performance.now(); worst = Math.max(worst, n - last - 10); last = n; }, 10);
  const s = performance.now();
  await queryRows(d.db, sql`select count(*) from generate_series(1, 4000000)`);
  const took = performance.now() - s;
  clearInterval(t);
  console.log({ offThread, took, worst });
  await d.close();
}
