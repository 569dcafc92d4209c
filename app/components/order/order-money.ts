import { formatAmount } from '../../../domain/pricing/price';

/** The order state's money is roubles as numbers (spec §7 answers); shown to the kopeck. */
export const kopecks = (roubles: number) => Math.round(roubles * 100);
export const amount = (roubles: number) => formatAmount(kopecks(roubles));
