import type { RequestContext } from '../context';
import type { Carrier, CarrierPoint, CarrierTown } from './carrier';
import { inTime } from './in-time';

/** A day: a town's points are read from the carrier again when older. */
export const POINTS_FRESH_MS = 86_400_000;

/** How soon a town whose points could not be read (or were none) is asked again. */
const RETRY_MS = 600_000;

/** How long checkout waits for a carrier's towns or points before it goes on with what the shop keeps. */
export const CARRIER_WAIT_MS = 1000;

/** The carrier's towns and points as the shop keeps them: towns as cities, points as pickup points. */
export interface CarrierPlacesRepository {
  /**
   * The city of a carrier town, kept: the row with the carrier's code, else a city of the same name kept before the
   * carrier came (the seed's), else a new one. Answers the city's id.
   */
  keepTown(carrier: string, town: CarrierTown, extra: { timeZone: string; phones: string[] }): Promise<number>;
  /** The carrier town a city is, when it is one of this carrier's. */
  townOfCity(cityId: number, carrier: string): Promise<CarrierTown | null>;
  /** When the city's points were last read from the carrier; null: never. */
  pointsSyncedAt(cityId: number, carrier: string): Promise<Date | null>;
  /** The city's points as the carrier lists them now (one transaction; refreshes at once never duplicate a point). */
  keepPoints(cityId: number, carrier: string, points: CarrierPoint[], at: Date): Promise<void>;
}

/** A town as the checkout's town choice shows it. */
export interface TownChoice {
  code: string;
  name: string;
  region: string;
}

export interface PlacesService {
  /** The carrier in force, null when the shop delivers only by its own courier and from its shops. */
  readonly carrier: string | null;
  /** Towns whose names start with the query (the towns call); none without a carrier. */
  towns(ctx: RequestContext, query: string): Promise<TownChoice[]>;
  /** The city of an address naming a carrier town («Томск, Томская обл.»), kept as a city; null when none. */
  cityOfAddress(address: string): Promise<number | null>;
  /** The carrier town a city is (a city of the seed is matched by its name once); null when the carrier knows none. */
  townOf(city: { id: number; name: string; region?: string }): Promise<CarrierTown | null>;
  /** Reads a city's points from the carrier when older than a day; a carrier that does not answer leaves them. */
  refreshPoints(cityId: number, town: CarrierTown): Promise<void>;
}

export interface PlacesDeps {
  carrier: Carrier | null;
  repo: CarrierPlacesRepository;
  /** The phones a new town's pages show: the shop's hotline. */
  phones: string[];
  /** Counts a towns call against the visitor's limits (a `RateLimitedError` above them). */
  limit(ctx: RequestContext): Promise<void>;
  now?: () => Date;
  waitMs?: number;
}

/** Lower case, «ё» as «е»: how town names are compared. */
const key = (text: string) => text.toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ').trim();

/**
 * A town's clock from its longitude, when the carrier does not say: Russia's zones by the bands they roughly cover.
 * Only courier slots and shop hours read it, and a town without a shop has neither.
 */
export function zoneAtLongitude(lon: number | null): string {
  if (lon === null) return 'Europe/Moscow';
  const bands: [number, string][] = [
    [22.5, 'Europe/Kaliningrad'],
    [48.3, 'Europe/Moscow'],
    [53, 'Europe/Samara'],
    [68, 'Asia/Yekaterinburg'],
    [76, 'Asia/Omsk'],
    [89, 'Asia/Novosibirsk'],
    [100, 'Asia/Krasnoyarsk'],
    [119, 'Asia/Irkutsk'],
    [130.5, 'Asia/Yakutsk'],
    [142, 'Asia/Vladivostok'],
    [156, 'Asia/Magadan'],
  ];
  return bands.find(([east]) => lon < east)?.[1] ?? 'Asia/Kamchatka';
}

/** The shop's side of the carrier's geography: the towns a shopper types, kept as cities, and their points. */
export function createPlacesService(deps: PlacesDeps): PlacesService {
  const { carrier, repo } = deps;
  const now = deps.now ?? (() => new Date());
  const waitMs = deps.waitMs ?? CARRIER_WAIT_MS;
  // A city's carrier town is read once a process (a city's town does not change; a new carrier is a new process).
  const towns = new Map<number, CarrierTown | null>();
  const refreshing = new Map<number, Promise<void>>();
  // A town the carrier listed no points for (or that failed) is asked again after a while, not on every page.
  const tried = new Map<number, number>();

  const keep = (town: CarrierTown) =>
    repo.keepTown(carrier?.name ?? '', town, { timeZone: zoneAtLongitude(town.lon), phones: deps.phones });

  /** The carrier's town of this name (and region, when given). */
  async function townNamed(name: string, region: string): Promise<CarrierTown | null> {
    if (!carrier || key(name).length < 2) return null;
    const found = (await inTime(carrier.towns(name), waitMs)).filter((t) => key(t.name) === key(name));
    return (region ? found.find((t) => key(t.region) === key(region)) : found[0]) ?? null;
  }

  return {
    carrier: carrier?.name ?? null,

    async towns(ctx, query) {
      await deps.limit(ctx);
      if (!carrier) return [];
      const found = await inTime(carrier.towns(query), waitMs);
      return found.map((t) => ({ code: t.code, name: t.name, region: t.region }));
    },

    async cityOfAddress(address) {
      const [name = '', ...rest] = address.split(',').map((part) => part.trim());
      const town = await townNamed(name.replace(/^г\.?\s+/i, ''), rest.join(', ')).catch(() => null);
      return town ? keep(town) : null;
    },

    async townOf(city) {
      if (!carrier) return null;
      if (towns.has(city.id)) return towns.get(city.id) ?? null;
      let town = await repo.townOfCity(city.id, carrier.name);
      if (!town) {
        const named = await townNamed(city.name, city.region ?? '').catch(() => null);
        // The city of the seed becomes the carrier's town of its name (keepTown finds it by the name).
        if (named && (await keep(named)) === city.id) town = named;
        else if (named) return named;
      }
      towns.set(city.id, town);
      return town;
    },

    async refreshPoints(cityId, town) {
      if (!carrier) return;
      const synced = await repo.pointsSyncedAt(cityId, carrier.name);
      if (synced && now().getTime() - synced.getTime() < POINTS_FRESH_MS) return;
      // One refresh of a town at a time in this process; other processes' are made harmless by the upsert.
      let running = refreshing.get(cityId);
      if (!running) {
        if (now().getTime() - (tried.get(cityId) ?? Number.NEGATIVE_INFINITY) < RETRY_MS) return;
        running = (async () => {
          if (tried.size > 10_000) tried.clear();
          // Until the carrier lists some points, this town is not asked again for a while.
          tried.set(cityId, now().getTime());
          const points = await carrier.points(town);
          await repo.keepPoints(cityId, carrier.name, points, now());
          if (points.length > 0) tried.delete(cityId);
        })().finally(() => refreshing.delete(cityId));
        refreshing.set(cityId, running);
      }
      // A carrier slower than checkout waits: this page shows the points kept, the next one the fresh list.
      await inTime(running, waitMs).catch(() => {});
    },
  };
}
