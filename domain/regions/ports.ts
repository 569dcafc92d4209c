export interface City {
  id: number;
  code: string;
  name: string;
  fullName: string;
  /** The location code delivery services know the city by (KLADR). */
  locationId: string;
  phones: string[];
  /** The IANA zone of the city's clocks: courier slots and their 17:00 cut-off are read in it. */
  timeZone: string;
  /** Whether the shop has a store of its own there (else orders are delivered). */
  hasShops: boolean;
}

export interface RegionsRepository {
  /** Every city, shop cities first, in their sort order. */
  cities(): Promise<City[]>;
}
