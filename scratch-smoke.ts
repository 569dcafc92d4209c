import { sql } from 'drizzle-orm';
import { notify, openDatabase, queryRows } from './db/client';
const t0 = Date.now();
const d = await openDatabase({ dataDir: '/tmp/smk/pglite', offThread: true });
console.log('open', Date.now() - t0);
await d.migrate();
console.log('migrated', Date.now() - t0);
const got: string[] = [];
const stop = await d.listen('pages', (p) => got.push(p));
await d.db.transaction(async (tx) => { await notify(tx as never, 'pages', 'a'); await tx.execute(sql`select 1`); });
await notify(d.db, 'pages', 'b');
console.log(await queryRows(d.db, sql`select count(*)::int as n from products`));
// concurrency: 50 concurrent transactions + reads
let timer = 0; const iv = setInterval(() => timer++, 5);
const t1 = Date.now();
await Promise.all(Array.from({ length: 200 }, (_, i) => i % 2 ? d.db.transaction(async (tx) => { await tx.execute(sql`select pg_sleep(0.001)`); await tx.execute(sql`select ${i}::int`); }) : queryRows(d.db, sql`select ${i}::int as i, now()`)));
clearInterval(iv);
console.log('200 ops', Date.now() - t1, 'ms, ticks', timer);
try { await d.db.execute(sql`select nonsense`); } catch (e) { console.log('error ok', (e as any).cause?.message ?? (e as Error).message); }
console.log(await queryRows(d.db, sql`select 2 as two`));
await new Promise((r) => setTimeout(r, 50));
console.log('notifications', got);
await stop();
await d.close();
console.log('closed');
