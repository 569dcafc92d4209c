import { DEFAULT_PARCEL, type ParcelFacts } from '../../domain/delivery/parcel';
import type { Db } from '../client';

/**
 * Each offer's packed weight and size. For now every offer has the shop's default; issue 42.6 stores them per product
 * with defaults per section.
 */
export function offerParcels(_db: Db) {
  return async (offerIds: readonly number[]): Promise<Map<number, ParcelFacts>> =>
    new Map(offerIds.map((id) => [id, DEFAULT_PARCEL]));
}
