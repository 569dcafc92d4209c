import { DomainError } from '../errors';
import type { AddressInput } from './cabinet.schemas';

/**
 * The kind of saved address a delivery takes. The spec names Russian Post twice: `POCHTA` as a delivery type and
 * `POST` as an address's type; this is the one place the two meet.
 */
export const addressTypeFor = (deliveryType: string): Address['type'] =>
  deliveryType === 'POCHTA' ? 'POST' : 'COURIER';

/** A saved address as the cabinet and the order form read it (spec §3 Order's addressList: id, type, params). */
export interface Address {
  id: number;
  type: 'COURIER' | 'POST';
  city: string;
  street: string;
  house: string;
  flat: string;
  entrance: string;
  floor: string;
  intercom: string;
  comment: string;
  postcode: string;
  postAddress: string;
  isDefault: boolean;
  /** One line for lists: «Москва, ул. Тверская, д. 1, кв. 5» or «123456, …». */
  title: string;
}

/** The most addresses one user keeps: more than anyone ships to, and a bound on what one account stores. */
export const MAX_ADDRESSES = 20;

/** The parts an address of its type must have; the Russian message names the first one missing. */
export function addressProblem(input: AddressInput): string | null {
  if (input.type === 'POST') {
    if (!input.postcode) return 'Укажите индекс.';
    if (!input.postAddress) return 'Укажите адрес для Почты России.';
    return null;
  }
  if (!input.city) return 'Укажите город.';
  if (!input.street) return 'Укажите улицу.';
  if (!input.house) return 'Укажите дом.';
  return null;
}

export function checkAddress(input: AddressInput): void {
  const problem = addressProblem(input);
  if (problem) throw new DomainError('validation', problem, 'ADDRESS_INVALID');
}

export function addressTitle(a: Omit<Address, 'title' | 'id' | 'isDefault'>): string {
  if (a.type === 'POST') return `${a.postcode}, ${a.postAddress}`;
  return [a.city, a.street, a.house && `д. ${a.house}`, a.flat && `кв. ${a.flat}`].filter(Boolean).join(', ');
}
