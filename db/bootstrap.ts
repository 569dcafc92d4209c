import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { buildCatalog } from './seed/catalog';
import type { Database, Db } from './client';
import { appSecrets, sections } from './schema';
import { seedCatalog } from './seed/seed';

/**
 * Migrates, fills a database never filled with the demo catalogue (`products: 0`: its shops and menu without goods, for
 * a real shop whose goods come from 1C), and returns the shared session secret. «Never filled» is read from the
 * sections, not the products: a shop started with no goods must not be filled again at every start.
 */
export async function prepareDatabase(
  database: Database,
  options: { seed: number; products: number; log: (m: string) => void },
): Promise<{ secret: string }> {
  const started = Date.now();
  options.log('база: применяю миграции…');
  await database.migrate();
  options.log(`база: схема готова за ${seconds(started)} с`);
  return database.withLock(async () => {
    const [row] = await database.db.select({ n: count() }).from(sections);
    if (!row?.n) {
      const seeding = Date.now();
      options.log(
        options.products > 0
          ? 'база пуста: заполняю демонстрационный каталог…'
          : 'база пуста: заполняю разделы, магазины и меню без демонстрационных товаров (SEED_PRODUCTS=0)…',
      );
      await seedCatalog(database.db, buildCatalog({ seed: options.seed, products: options.products }), {
        log: options.log,
      });
      options.log(`демонстрационный каталог готов за ${seconds(seeding)} с`);
    }
    return { secret: await sessionSecret(database.db) };
  });
}

const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);

async function sessionSecret(db: Db): Promise<string> {
  await db
    .insert(appSecrets)
    .values({ name: 'session', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, 'session'));
  return row?.value as string;
}
