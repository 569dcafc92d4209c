import type { Logger } from 'pino';
import type { CatalogueImporter, ImportCounts } from '../../domain/exchange/ports';
import type { CatalogueRecord } from '../../domain/exchange/records';

/**
 * NOT the catalogue import (issue 26 stays open): this importer only reads and counts the records of a file and logs
 * the counts. Nothing of the catalogue, prices or stock is written to the shop until a real `CatalogueImporter`
 * replaces it in the composition root (server/shop.ts).
 */
const KEYS = {
  package: 'packages',
  group: 'groups',
  property: 'properties',
  product: 'products',
  priceType: 'priceTypes',
  warehouse: 'warehouses',
  offer: 'offers',
} as const satisfies Record<CatalogueRecord['kind'], keyof ImportCounts>;

export function countingImporter(log: Pick<Logger, 'info'>): CatalogueImporter {
  return {
    async importRecords(records, ctx) {
      const counts: ImportCounts = {
        packages: 0,
        groups: 0,
        properties: 0,
        products: 0,
        priceTypes: 0,
        warehouses: 0,
        offers: 0,
      };
      for await (const record of records) {
        counts[KEYS[record.kind]]++;
      }
      log.info(
        { file: ctx.fileName, counts },
        'обмен с 1С: файл прочитан, в магазин не записан (импорт каталога ещё не сделан)',
      );
      return counts;
    },
  };
}
