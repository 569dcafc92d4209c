import type { GarmentDesign, GarmentView } from './images';
import { PROPS, type PropCode } from '../../domain/catalog/filter/props';
import {
  BRANDS,
  CITIES,
  CITY_CENTRES,
  CITY_TIME_ZONES,
  PICKUP_STREETS,
  COLORS,
  GENDERS,
  GROUPS,
  KINDS,
  type KindInfo,
  LETTER_SIZES,
  MALLS,
  SECTION_PARCELS,
  SHOP_HOLIDAYS,
  SHOP_WEEKS,
} from './catalog-data';
import { type Holiday, type WeekHours, weekSummary } from '../../domain/stores/hours';
import { LANDING_URLS } from './content';
import { adviseSize, type Gender } from '../../domain/catalog/size/advice';
import { ean13CheckDigit } from '../../domain/cabinet/discount-card';
import { Random } from './random';
import { shopPhotoFiles } from './shop-photos';

/**
 * Builds the demo catalogue as plain rows with fixed ids. The seed inserts it; tests insert small ones.
 * Same seed and size, same catalogue.
 */

export interface SectionRow {
  id: number;
  parentId: number | null;
  code: string;
  name: string;
  url: string;
  sort: number;
  depth: number;
  path: number[];
  gender: string | null;
  /** The section's parcel default (grams, cm), null = the parent's. */
  weight: number | null;
  length: number | null;
  width: number | null;
  height: number | null;
}
export interface BrandRow {
  id: number;
  code: string;
  name: string;
  text: string;
}
export interface ProductRow {
  id: number;
  modelId: number;
  sectionId: number;
  sectionPath: number[];
  brandId: number;
  code: string;
  url: string;
  name: string;
  article: string;
  category: string;
  kind: string;
  gender: string | null;
  colorCode: string;
  description: string;
  props: Record<string, string>;
  modelProps: { code: string; value: string }[];
  isNew: boolean;
  minPrice: number;
  oldPrice: number | null;
  discountPercent: number;
  popularity: number;
  sort: number;
  createdAt: Date;
}
export interface OfferRow {
  id: number;
  productId: number;
  sizeName: string;
  sizeSort: number;
  price: number;
  oldPrice: number | null;
  barcode: string;
}
/** A demo size's EAN-13: the Russian prefix 460 and the offer's id in 9 digits (as a 1C catalogue would carry one). */
export function offerBarcode(offerId: number): string {
  const first12 = `460${String(offerId).padStart(9, '0')}`;
  return `${first12}${ean13CheckDigit(first12)}`;
}

export interface ImageRow {
  id: number;
  productId: number;
  design: GarmentDesign;
  sort: number;
}
export interface CityRow {
  id: number;
  code: string;
  name: string;
  fullName: string;
  locationId: string;
  phones: string[];
  timeZone: string;
  sort: number;
}
export interface StoreRow {
  id: number;
  cityId: number;
  code: string;
  type: 'shop' | 'online' | 'movement';
  name: string;
  address: string;
  lat: string;
  lon: string;
  hours: string;
  weekHours: WeekHours | null;
  holidays: Holiday[];
  phone: string;
  metro: string | null;
  services: string[];
  photos: string[];
  reservable: boolean;
  sort: number;
}
export interface StockRow {
  offerId: number;
  storeId: number;
  quantity: number;
}
export interface MenuRows {
  categories: {
    id: number;
    name: string | null;
    url: string | null;
    sectionId: number | null;
    visible: number[];
    noMobile: boolean;
    bold: boolean;
    uline: boolean;
    color: string | null;
    size: string | null;
    sort: number;
  }[];
  blocks: {
    id: number;
    categoryId: number;
    name: string | null;
    url: string | null;
    sectionId: number | null;
    sort: number;
  }[];
  columns: { id: number; blockId: number; sort: number }[];
  items: {
    id: number;
    columnId: number;
    name: string | null;
    url: string | null;
    sectionId: number | null;
    offset: number;
    bold: boolean;
    uline: boolean;
    color: string | null;
    sort: number;
  }[];
  banners: {
    id: number;
    blockId: number;
    name: string;
    url: string;
    src: string;
    sectionId: number | null;
    sort: number;
  }[];
}

export interface Catalog {
  sections: SectionRow[];
  brands: BrandRow[];
  colors: { code: string; name: string; hex: string; sort: number }[];
  products: ProductRow[];
  offers: OfferRow[];
  images: ImageRow[];
  cities: CityRow[];
  stores: StoreRow[];
  stock: StockRow[];
  menu: MenuRows;
  /** Offers that may not be ordered from a store (spec's restrictionOrderShops). */
  restrictions: { offerId: number; storeId: number }[];
  pickupPoints: PickupPointRow[];
}

export interface PickupPointRow {
  id: number;
  cityId: number;
  name: string;
  address: string;
  lat: number;
  lon: number;
  hours: string;
}

/** The partner's points round each city's centre, placed without the random source so the rest stays as it was. */
function buildPickupPoints(cities: CityRow[]): PickupPointRow[] {
  return cities.flatMap((city) => {
    const centre = CITY_CENTRES[city.code];
    if (!centre) return [];
    const [lat, lon] = centre;
    return (PICKUP_STREETS[city.code] ?? []).map((street, n) => ({
      id: 0,
      cityId: city.id,
      name: `Пункт выдачи «Снежный экспресс» № ${city.id}${n + 1}`,
      address: `${city.name}, ${street}`,
      lat: Number((lat + Math.sin(n * 2.1) * 0.05).toFixed(6)),
      lon: Number((lon + Math.cos(n * 2.1) * 0.08).toFixed(6)),
      hours: n % 2 ? 'ежедневно 09:00–21:00' : 'пн–сб 10:00–20:00, вс 11:00–18:00',
    }));
  });
}

export interface CatalogOptions {
  seed: number;
  products: number;
}

/** Catalogue dates are fixed so that a seed means one catalogue whatever day it is built. */
const CATALOG_EPOCH = Date.UTC(2026, 10, 1);
const DAY = 86_400_000;

export function buildCatalog({ seed, products: productCount }: CatalogOptions): Catalog {
  const rnd = new Random(seed);
  const sections = buildSections();
  const brands = BRANDS.map(([code, name, text], i) => ({ id: i + 1, code, name, text }));
  const colors = COLORS.map((c, i) => ({ ...c, sort: (i + 1) * 10 }));
  const { cities, stores } = buildStores(rnd);
  const pickupPoints = buildPickupPoints(cities).map((p, i) => ({ ...p, id: i + 1 }));

  const products: ProductRow[] = [];
  const offers: OfferRow[] = [];
  const images: ImageRow[] = [];
  const stock: StockRow[] = [];
  const leaves = sections.filter((s) => s.depth === 3);
  let modelId = 0;
  while (products.length < productCount) {
    modelId++;
    const leaf = leaves[(modelId - 1) % leaves.length] as SectionRow;
    const kind = KINDS.find((k) => k.code === leaf.code) as KindInfo;
    const gender = GENDERS.find((g) => g.code === leaf.gender) ?? GENDERS[0];
    const brand = rnd.pick(brands);
    const props = pickProps(rnd, kind);
    const descriptor = rnd.pick(kind.descriptors);
    const name = `${kind.noun[gender.key]} ${descriptor}`;
    const variantCount = Math.min(rnd.int(1, 4), productCount - products.length);
    const modelColors = rnd.sample(COLORS, variantCount);
    const basePrice = roundPrice(rnd.int(kind.price[0], kind.price[1]));
    const discount = rnd.chance(0.25) ? rnd.pick([10, 15, 20, 25, 30, 40, 50]) : 0;
    const sizes = pickSizes(rnd, kind, gender.sizes);
    const height = gender.key === 'woman' ? rnd.int(170, 180) : rnd.int(182, 192);
    const isNewModel = rnd.chance(0.15);
    const createdDaysAgo = isNewModel ? rnd.int(0, 20) : rnd.int(21, 400);
    for (const color of modelColors) {
      const id = products.length + 1;
      const code = `${brand.code}-${kind.code}-${id}`;
      const price = discount ? roundPrice((basePrice * (100 - discount)) / 100) : basePrice;
      const oldPrice = discount ? basePrice : null;
      const article = `${brand.code.slice(0, 2).toUpperCase()}${String(modelId).padStart(5, '0')}-${String(COLORS.indexOf(color) + 1).padStart(2, '0')}`;
      products.push({
        id,
        modelId,
        sectionId: leaf.id,
        sectionPath: leaf.path,
        brandId: brand.id,
        code,
        url: `/product/${code}/`,
        name,
        article,
        category: kind.singular.toLowerCase(),
        kind: kind.kind,
        gender: leaf.gender,
        colorCode: color.code,
        description: describe(kind, props, brand.name, color.name),
        props,
        modelProps: modelProps(rnd, kind, sizes, height, { gender: gender.key, fitShift: modelId % 5 }),
        isNew: isNewModel,
        minPrice: price * 100,
        oldPrice: oldPrice ? oldPrice * 100 : null,
        discountPercent: discount,
        popularity: rnd.int(0, 1000),
        sort: 500,
        createdAt: new Date(CATALOG_EPOCH - createdDaysAgo * DAY),
      });
      const views = rnd.sample([0, 1, 2, 3, 4] as GarmentView[], rnd.int(3, 5));
      views.forEach((view, sort) => {
        images.push({
          id: images.length + 1,
          productId: id,
          sort,
          design: {
            kind: kind.kind,
            colorHex: color.hex,
            view,
            hood: props.hood === 'yes',
            length: (props.length ?? 'mid') as GarmentDesign['length'],
            variant: modelId % 4,
          },
        });
      });
      for (const size of sizes) {
        const offerId = offers.length + 1;
        offers.push({
          id: offerId,
          productId: id,
          sizeName: size.name,
          sizeSort: size.sort,
          price: price * 100,
          oldPrice: oldPrice ? oldPrice * 100 : null,
          barcode: offerBarcode(offerId),
        });
        stock.push(...stockFor(rnd, offerId, stores));
      }
    }
  }
  const menu = buildMenu(sections, products, images);
  // A few online-stocked offers are held back from the web warehouse (display samples).
  const onlineId = (stores.find((s) => s.type === 'online') as StoreRow).id;
  const restrictions = stock
    .filter((row) => row.storeId === onlineId && row.offerId % 37 === 0)
    .map(({ offerId, storeId }) => ({ offerId, storeId }));
  return {
    sections,
    brands,
    colors,
    products,
    offers,
    images,
    cities,
    stores,
    stock,
    menu,
    restrictions,
    pickupPoints,
  };
}

/** Prices end in 90 roubles like a real price list. */
function roundPrice(rub: number): number {
  return Math.max(3000, Math.floor(rub / 100) * 100 - 10);
}

function buildSections(): SectionRow[] {
  const rows: SectionRow[] = [];
  const add = (parent: SectionRow | null, code: string, name: string, gender: string) => {
    const id = rows.length + 1;
    const row: SectionRow = {
      id,
      parentId: parent?.id ?? null,
      code,
      name,
      url: `${parent ? parent.url : '/catalog/'}${code}/`,
      sort: (rows.filter((r) => r.parentId === (parent?.id ?? null)).length + 1) * 10,
      depth: parent ? parent.depth + 1 : 1,
      path: [...(parent?.path ?? []), id],
      gender,
      ...(SECTION_PARCELS[code] ?? { weight: null, length: null, width: null, height: null }),
    };
    rows.push(row);
    return row;
  };
  for (const gender of GENDERS) {
    const root = add(null, gender.code, gender.name, gender.code);
    for (const [group, info] of Object.entries(GROUPS)) {
      const mid = add(root, info.code, info.name, gender.code);
      for (const kind of KINDS.filter((k) => k.group === group)) add(mid, kind.code, kind.section, gender.code);
    }
  }
  return rows;
}

function pickProps(rnd: Random, kind: KindInfo): Record<string, string> {
  const value = (code: PropCode, allowed?: string[]) => {
    const values = PROPS[code].values.map(([v]) => v as string).filter((v) => !allowed || allowed.includes(v));
    return rnd.pick(values);
  };
  if (kind.group === 'accessories') {
    return {
      material: value('material', ['wool', 'cashmere', 'cotton', 'leather', 'polyester']),
      season: value('season'),
    };
  }
  const byKind: Record<string, { material: string[]; insulation: string[] }> = {
    'down-jacket': { material: ['nylon', 'polyester', 'polyamide'], insulation: ['down', 'down-feather'] },
    parka: { material: ['cotton', 'polyester', 'polyamide'], insulation: ['down-feather', 'synthetic', 'thinsulate'] },
    coat: { material: ['wool', 'cashmere', 'polyester'], insulation: ['synthetic', 'none'] },
    jacket: { material: ['nylon', 'polyester', 'cotton', 'leather'], insulation: ['synthetic', 'thinsulate', 'none'] },
    vest: { material: ['nylon', 'polyester'], insulation: ['down', 'synthetic'] },
  };
  const rules = byKind[kind.kind] ?? byKind.jacket;
  const insulation = value('insulation', rules?.insulation);
  return {
    material: value('material', rules?.material),
    insulation,
    length: kind.kind === 'vest' ? value('length', ['short', 'mid']) : value('length'),
    season: insulation === 'none' || insulation === 'synthetic' ? value('season') : 'winter',
    hood: kind.kind === 'coat' ? 'no' : value('hood'),
  };
}

function pickSizes(rnd: Random, kind: KindInfo, numeric: number[]): { name: string; sort: number }[] {
  if (kind.letterSizes) {
    const count = rnd.int(3, 4);
    const start = rnd.int(0, LETTER_SIZES.length - count);
    return LETTER_SIZES.slice(start, start + count).map((name) => ({ name, sort: LETTER_SIZES.indexOf(name) + 1 }));
  }
  const count = Math.min(rnd.int(4, 8), numeric.length);
  const start = rnd.int(0, numeric.length - count);
  return numeric.slice(start, start + count).map((n) => ({ name: String(n), sort: n }));
}

/**
 * The photo model's size, height and measures. She wears the size her measures take by the shop's table (the product's
 * nearest), except that one model in five runs small (she wears one size up) and one in five runs large (one down),
 * as real collections do; the product page's size advice reads this.
 */
function modelProps(
  rnd: Random,
  kind: KindInfo,
  sizes: { name: string }[],
  height: number,
  model: { gender: Gender; fitShift: number },
) {
  if (kind.group === 'accessories') return [];
  const [chest, waist, hips] =
    height > 181
      ? [rnd.int(96, 104), rnd.int(78, 86), rnd.int(94, 100)]
      : [rnd.int(82, 88), rnd.int(60, 66), rnd.int(88, 94)];
  const body = adviseSize({ gender: model.gender, height, chest, waist, hips }).size;
  const worn = body + (model.fitShift === 0 ? 2 : model.fitShift === 1 ? -2 : 0);
  const numbers = sizes.map((s) => Number(s.name));
  const size = numbers.reduce((best, n) => (Math.abs(n - worn) < Math.abs(best - worn) ? n : best));
  return [
    { code: 'RAZMER_IZDELIYA_NA_FOTOMODELI', value: String(size) },
    { code: 'ROST_FOTOMODELI', value: String(height) },
    { code: 'OBEMY_FOTOMODELI', value: `${chest}-${waist}-${hips}` },
  ];
}

function describe(kind: KindInfo, props: Record<string, string>, brand: string, color: string): string {
  const name = (code: PropCode) => PROPS[code].values.find(([v]) => v === props[code])?.[1]?.toLowerCase();
  const parts = [`${kind.singular} ${brand}, цвет — ${color.toLowerCase()}.`];
  if (props.material) parts.push(`Материал: ${name('material')}.`);
  if (props.insulation && props.insulation !== 'none') parts.push(`Утеплитель: ${name('insulation')}.`);
  if (props.season) parts.push(props.season === 'winter' ? 'Для зимы.' : 'Для весны и осени.');
  return parts.join(' ');
}

function buildStores(rnd: Random): { cities: CityRow[]; stores: StoreRow[] } {
  const cities = CITIES.map((c, i) => ({
    id: i + 1,
    code: c.code,
    name: c.name,
    fullName: c.fullName,
    locationId: c.locationId,
    phones: [...c.phones],
    timeZone: CITY_TIME_ZONES[c.code] ?? 'Europe/Moscow',
    sort: (i + 1) * 10,
  }));
  const stores: StoreRow[] = [];
  let mall = 0;
  for (const [i, city] of CITIES.entries()) {
    if (city.shops === 0) continue;
    const [lat, lon] = CITY_CENTRES[city.code] as [number, number];
    for (let n = 0; n < city.shops; n++) {
      const [place, address, metro] = MALLS[mall++ % MALLS.length] as readonly [string, string, string | null];
      const weekHours = (
        i === 0 && n === 0 ? SHOP_WEEKS.late : n % 2 ? SHOP_WEEKS.mall : SHOP_WEEKS.street
      ) as WeekHours;
      stores.push({
        id: stores.length + 1,
        cityId: i + 1,
        code: `shop-${city.code}-${n + 1}`,
        type: 'shop',
        name: place,
        address: `${city.fullName.split(', ').pop()}, ${address}`,
        lat: (lat + (rnd.next() - 0.5) * 0.2).toFixed(6),
        lon: (lon + (rnd.next() - 0.5) * 0.3).toFixed(6),
        hours: weekSummary(weekHours),
        weekHours,
        holidays: SHOP_HOLIDAYS.map((h) => ({
          date: h.date,
          hours: h.hours ? ([...h.hours] as [string, string]) : null,
        })),
        phone: city.phones[0],
        metro,
        // Every shop has fitting rooms and takes cards; every other one also shortens sleeves and hems.
        services: n % 2 ? ['fitting', 'card'] : ['fitting', 'tailoring', 'card'],
        photos: shopPhotoFiles(`shop-${city.code}-${n + 1}`),
        // The last shop of a city with several is a small outlet that does not put items aside.
        reservable: !(city.shops > 2 && n === city.shops - 1),
        sort: (n + 1) * 10,
      });
    }
  }
  const warehouse = (code: string, type: 'online' | 'movement', name: string, cityId: number, address: string) =>
    stores.push({
      id: stores.length + 1,
      cityId,
      code,
      type,
      name,
      address,
      lat: '55.431',
      lon: '37.545',
      hours: 'круглосуточно',
      weekHours: null,
      holidays: [],
      phone: '8 (800) 555-35-35',
      metro: null,
      services: [],
      photos: [],
      reservable: false,
      sort: 1000 + stores.length,
    });
  warehouse('online', 'online', 'Интернет-склад', 1, 'Московская обл., г. Подольск, ул. Складская, 1');
  warehouse(
    'movement-podolsk',
    'movement',
    'Распределительный центр Подольск',
    1,
    'Московская обл., г. Подольск, ул. Складская, 3',
  );
  warehouse(
    'movement-ekb',
    'movement',
    'Распределительный центр Екатеринбург',
    3,
    'г. Екатеринбург, ул. Монтажников, 4',
  );
  return { cities, stores };
}

/** Stock of one offer: some sizes only online, some only in shops or warehouses, some sold out everywhere. */
function stockFor(rnd: Random, offerId: number, stores: StoreRow[]): StockRow[] {
  const roll = rnd.next();
  const rows: StockRow[] = [];
  if (roll < 0.08) return rows; // sold out everywhere
  const online = stores.find((s) => s.type === 'online') as StoreRow;
  const movement = stores.filter((s) => s.type === 'movement');
  const shops = stores.filter((s) => s.type === 'shop');
  const onlyOffline = roll < 0.18;
  const onlyMovement = roll >= 0.18 && roll < 0.24;
  if (!onlyOffline && !onlyMovement && rnd.chance(0.85))
    rows.push({ offerId, storeId: online.id, quantity: rnd.int(1, 12) });
  if (!onlyOffline && (onlyMovement || rnd.chance(0.5)))
    rows.push({ offerId, storeId: rnd.pick(movement).id, quantity: rnd.int(1, 20) });
  if (!onlyMovement)
    for (const shop of rnd.sample(shops, rnd.int(onlyOffline ? 1 : 0, 6)))
      rows.push({ offerId, storeId: shop.id, quantity: rnd.int(1, 4) });
  return rows;
}

function buildMenu(sections: SectionRow[], products: ProductRow[], images: ImageRow[]): MenuRows {
  const menu: MenuRows = { categories: [], blocks: [], columns: [], items: [], banners: [] };
  const child = (parent: SectionRow, code: string) =>
    sections.find((s) => s.parentId === parent.id && s.code === code) as SectionRow;
  const column = (blockId: number) => {
    const id = menu.columns.length + 1;
    menu.columns.push({ id, blockId, sort: menu.columns.filter((c) => c.blockId === blockId).length * 10 + 10 });
    return id;
  };
  const item = (columnId: number, row: Partial<MenuRows['items'][number]>) =>
    menu.items.push({
      id: menu.items.length + 1,
      columnId,
      name: null,
      url: null,
      sectionId: null,
      offset: 0,
      bold: false,
      uline: false,
      color: null,
      sort: (menu.items.length + 1) * 10,
      ...row,
    });
  const block = (categoryId: number, row: Partial<MenuRows['blocks'][number]>) => {
    const id = menu.blocks.length + 1;
    menu.blocks.push({ id, categoryId, name: null, url: null, sectionId: null, sort: id * 10, ...row });
    return id;
  };
  /** A banner with the photo of the section's first product (its first new one for `onlyNew`). */
  const bannerFor = (blockId: number, section: SectionRow, name: string, url = section.url, onlyNew = false) => {
    const product = products.find((p) => p.sectionPath.includes(section.id) && (!onlyNew || p.isNew));
    const image = product && images.find((i) => i.productId === product.id && i.sort === 0);
    if (!image) return;
    menu.banners.push({
      id: menu.banners.length + 1,
      blockId,
      name,
      url,
      src: `image:${image.id}`,
      sectionId: section.id,
      sort: menu.banners.length * 10 + 10,
    });
  };
  const genderRoots = GENDERS.map((g) => sections.find((s) => s.depth === 1 && s.code === g.code) as SectionRow);
  for (const root of genderRoots) {
    const categoryId = menu.categories.length + 1;
    // Category name and url come from its section.
    menu.categories.push({
      id: categoryId,
      name: null,
      url: null,
      sectionId: root.id,
      visible: [],
      noMobile: false,
      bold: true,
      uline: false,
      color: null,
      size: null,
      sort: categoryId * 10,
    });
    const outer = child(root, GROUPS.outerwear.code);
    const outerBlock = block(categoryId, { sectionId: outer.id });
    const c1 = column(outerBlock);
    for (const leaf of sections.filter((s) => s.parentId === outer.id)) item(c1, { sectionId: leaf.id });
    const c2 = column(outerBlock);
    const down = child(outer, 'puhoviki');
    item(c2, { name: 'Пуховики с капюшоном', url: `${down.url}filter/hood-is-yes/apply/`, sectionId: down.id });
    item(c2, { name: 'Удлинённые пуховики', url: `${down.url}filter/length-is-long/apply/`, sectionId: down.id });
    item(c2, { name: 'Вся верхняя одежда', url: outer.url, sectionId: outer.id, bold: true });
    bannerFor(outerBlock, down, 'Пуховики до −40 °C', LANDING_URLS.warm);
    bannerFor(outerBlock, outer, 'Новинки сезона', LANDING_URLS.novelties, true);
    const acc = child(root, GROUPS.accessories.code);
    const accBlock = block(categoryId, { sectionId: acc.id });
    const c3 = column(accBlock);
    for (const leaf of sections.filter((s) => s.parentId === acc.id)) item(c3, { sectionId: leaf.id });
    bannerFor(accBlock, child(acc, 'shapki'), 'Тёплые шапки');
    const brandsBlock = block(categoryId, { name: 'Бренды', url: '/brands/' });
    const c4 = column(brandsBlock);
    for (const b of BRANDS.slice(0, 8)) item(c4, { name: b[1], url: `/brands/${b[0]}/` });
    item(c4, { name: 'Все бренды', url: '/brands/', uline: true });
  }
  const storesId = menu.categories.length + 1;
  menu.categories.push({
    id: storesId,
    name: 'Магазины',
    url: '/stores/',
    sectionId: null,
    visible: [],
    noMobile: false,
    bold: false,
    uline: false,
    color: null,
    size: null,
    sort: storesId * 10,
  });
  return menu;
}
