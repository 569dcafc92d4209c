import { DomainError } from '../../errors';

/** The catalogue's «not found», one wording each for the service, the API's path ids and the desk's forms. */
export const notFound = {
  product: () => new DomainError('not_found', 'Товар не найден.', 'PRODUCT_NOT_FOUND'),
  offer: () => new DomainError('not_found', 'Размер товара не найден.', 'OFFER_NOT_FOUND'),
  section: () => new DomainError('not_found', 'Раздел не найден.', 'SECTION_NOT_FOUND'),
  brand: () => new DomainError('not_found', 'Бренд не найден.', 'BRAND_NOT_FOUND'),
};
