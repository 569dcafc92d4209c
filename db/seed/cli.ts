import { parseArgs } from 'node:util';
import { readSettings } from '../../config/settings';
import { buildCatalog } from './catalog';
import { openConfiguredDatabase } from '../client';
import { seedCatalog } from './seed';

/**
 * `npm run seed -- --products 20000 [--seed 7]`: replaces the catalogue of the configured database
 * (DATA_DIR's embedded one, or DATABASE_URL) with a generated one of that size. Sessions and users stay.
 */
const { values } = parseArgs({
  options: { products: { type: 'string' }, seed: { type: 'string' }, help: { type: 'boolean' } },
});
if (values.help) {
  console.log('npm run seed -- [--products N] [--seed N]');
  process.exit(0);
}
const settings = readSettings();
const products = Number(values.products ?? settings.SEED_PRODUCTS);
const seed = Number(values.seed ?? settings.SEED);
if (!Number.isInteger(products) || products < 1 || products > 200_000) {
  console.error('--products: целое число от 1 до 200 000');
  process.exit(1);
}
if (!Number.isInteger(seed) || seed < 0) {
  console.error('--seed: неотрицательное целое число');
  process.exit(1);
}
const database = await openConfiguredDatabase(settings);
await database.migrate();
const started = Date.now();
await database.withLock(() =>
  seedCatalog(database.db, buildCatalog({ seed, products }), {
    log: (m) => console.log(m),
  }),
);
console.log(`готово за ${Math.round((Date.now() - started) / 1000)} с (${database.kind})`);
await database.close();
