import type { ApiAnswers } from '../../../contract/api';

/** A town the carrier knows, as the town search lists it. */
export type Town = ApiAnswers['deliveryTowns']['towns'][number];

/** «Екатеринбург, Свердловская обл.»; a federal city has no region of its own: «Москва», not «Москва, Москва». */
export const townTitle = (town: Town) =>
  town.region && town.region !== town.name ? `${town.name}, ${town.region}` : town.name;

/**
 * The address `user/location/yandex/set` takes for a town: «Name, Region» as the carrier spells them (the server
 * finds the town by both, so a federal city's own region stays), the name alone when the carrier gives no region.
 */
export const townAddress = (town: Town) => (town.region ? `${town.name}, ${town.region}` : town.name);
