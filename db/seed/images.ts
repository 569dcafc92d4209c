/**
 * Deterministic product "photos" for the demo catalogue.
 *
 * Each image is a garment silhouette drawn as an SVG string (smooth bezier
 * outlines, gradient shading, seams, zipper, pockets...) and rendered by sharp
 * (librsvg) to a JPEG packshot on a light neutral studio background.
 * Same design in -> byte-identical SVG out, so seeding is reproducible and the
 * rendered files can be cached by `designKey`.
 *
 * Coordinates: tops are drawn in a local frame where x = 0 is the centre line
 * and y = 0 is the base of the neck; accessories are centred on (0, 0).
 * `placement()` then scales and moves the local frame onto the 852x1278 canvas.
 */
import sharp, { type JpegOptions } from 'sharp';

export type GarmentKind = 'down-jacket' | 'parka' | 'coat' | 'jacket' | 'vest' | 'hat' | 'scarf' | 'gloves';
/** 0 front, 1 back, 2 three-quarter, 3 detail close-up, 4 front open / alternate styling */
export type GarmentView = 0 | 1 | 2 | 3 | 4;
export interface GarmentDesign {
  kind: GarmentKind;
  colorHex: string;
  view: GarmentView;
  hood: boolean;
  length: 'short' | 'mid' | 'long';
  /** 0..3, small deterministic variation: quilting spacing, pocket style, collar */
  variant: number;
}

export const SOURCE_WIDTH = 852;
export const SOURCE_HEIGHT = 1278; // 2:3

const W = SOURCE_WIDTH;
const H = SOURCE_HEIGHT;
const BG = '#f3f1ee';

// ───────────────────────── numbers, vectors, path helpers ─────────────────────────

type V = readonly [number, number];

/** One decimal is plenty at this size and keeps the SVG short and stable. */
function num(n: number): string {
  const v = Math.round(n * 10) / 10;
  return Object.is(v, -0) ? '0' : String(v);
}
/** Tagged template that formats every interpolated number with `num`. */
function d(strings: TemplateStringsArray, ...vals: Array<number | string>): string {
  let out = strings[0] ?? '';
  for (let i = 0; i < vals.length; i++) {
    const v = vals[i];
    out += (typeof v === 'number' ? num(v) : (v ?? '')) + (strings[i + 1] ?? '');
  }
  return out;
}
const pt = (p: V) => `${num(p[0])} ${num(p[1])}`;
const add = (a: V, b: V): V => [a[0] + b[0], a[1] + b[1]];
const sub = (a: V, b: V): V => [a[0] - b[0], a[1] - b[1]];
const mul = (a: V, k: number): V => [a[0] * k, a[1] * k];
const dot = (a: V, b: V) => a[0] * b[0] + a[1] * b[1];
const len = (a: V) => Math.hypot(a[0], a[1]);
const unit = (a: V): V => mul(a, 1 / (len(a) || 1));
const clamp = (v: number, lo = 0, hi = 1) => Math.min(hi, Math.max(lo, v));
const lerp = (a: number, b: number, t: number) => a + (b - a) * t;
const smoothstep = (t: number) => t * t * (3 - 2 * t);

type Cubic = readonly [V, V, V, V];
function cubicAt([p0, p1, p2, p3]: Cubic, t: number): V {
  const u = 1 - t;
  const a = u * u * u;
  const b = 3 * u * u * t;
  const c = 3 * u * t * t;
  const e = t * t * t;
  return [a * p0[0] + b * p1[0] + c * p2[0] + e * p3[0], a * p0[1] + b * p1[1] + c * p2[1] + e * p3[1]];
}
const cubicD = (c: Cubic) => `C${pt(c[1])} ${pt(c[2])} ${pt(c[3])}`;

/** Catmull-Rom through points -> cubic segments (the current point must be pts[0]). */
function smoothThrough(pts: readonly V[]): string {
  let out = '';
  for (let i = 0; i + 1 < pts.length; i++) {
    const p0 = pts[i - 1] ?? pts[i];
    const p1 = pts[i];
    const p2 = pts[i + 1];
    const p3 = pts[i + 2] ?? p2;
    if (!p0 || !p1 || !p2 || !p3) continue;
    const c1 = add(p1, mul(sub(p2, p0), 1 / 6));
    const c2 = sub(p2, mul(sub(p3, p1), 1 / 6));
    out += `C${pt(c1)} ${pt(c2)} ${pt(p2)}`;
  }
  return out;
}

/**
 * Quadratic "puffs" between consecutive points: this is what makes a quilted
 * jacket's outline bulge between the baffle seams. Paths are wound clockwise
 * (screen coordinates), so (dy, -dx) is the outward normal.
 */
function puffsThrough(pts: readonly V[], amp: number): string {
  let out = '';
  for (let i = 0; i + 1 < pts.length; i++) {
    const a = pts[i];
    const b = pts[i + 1];
    if (!a || !b) continue;
    const dir = sub(b, a);
    const n = unit([dir[1], -dir[0]]);
    const c = add(mul(add(a, b), 0.5), mul(n, amp * Math.min(1, len(dir) / 40)));
    out += `Q${pt(c)} ${pt(b)}`;
  }
  return out;
}

/** Capsule (finger, strap) between two points. */
function capsule(p1: V, p2: V, w: number): string {
  const r = w / 2;
  const u = unit(sub(p2, p1));
  const n: V = [-u[1], u[0]];
  const a = add(p1, mul(n, r));
  const b = add(p2, mul(n, r));
  const c = sub(p2, mul(n, r));
  const e = sub(p1, mul(n, r));
  return d`M${pt(a)}L${pt(b)}A${r} ${r} 0 0 0 ${pt(c)}L${pt(e)}A${r} ${r} 0 0 0 ${pt(a)}Z`;
}

/** Small seeded PRNG (mulberry32) so fur and knit jitter are reproducible. */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

// ───────────────────────── colour ─────────────────────────

type RGB = readonly [number, number, number];
function parseHex(hex: string): RGB {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  const body = m?.[1];
  if (!body) throw new Error(`garment colour must be #rgb or #rrggbb, got ${JSON.stringify(hex)}`);
  const full = body.length === 3 ? [...body].map((c) => c + c).join('') : body;
  const n = Number.parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
function toHex(rgb: RGB): string {
  return `#${rgb
    .map((v) =>
      Math.round(clamp(v, 0, 255))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}
function mix(a: string, b: string, t: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex([lerp(x[0], y[0], t), lerp(x[1], y[1], t), lerp(x[2], y[2], t)]);
}
function luminance(hex: string): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = parseHex(hex);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

interface Palette {
  base: string;
  light: string;
  dark: string;
  /** inside of the garment (hood opening, collar lining) */
  deep: string;
  stroke: string;
  seam: string;
  /** highlight (white) and shadow (black) overlay strengths */
  hi: number;
  sh: number;
  teeth: string;
  isDark: boolean;
  isLight: boolean;
}

function palette(colorHex: string): Palette {
  const base = toHex(parseHex(colorHex));
  const L = luminance(base);
  const isDark = L < 0.07;
  const isLight = L > 0.55;
  return {
    base,
    light: mix(base, '#ffffff', isDark ? 0.16 : 0.24),
    dark: mix(base, '#000000', isDark ? 0.3 : 0.28),
    deep: isDark ? mix(base, '#000000', 0.45) : mix(base, '#000000', isLight ? 0.38 : 0.55),
    // Dark garments get a lighter outline, otherwise black-on-black loses the shape.
    stroke: isDark ? mix(base, '#ffffff', 0.3) : mix(base, '#000000', isLight ? 0.26 : 0.4),
    seam: isDark ? mix(base, '#ffffff', 0.24) : mix(base, '#000000', isLight ? 0.22 : 0.36),
    hi: isDark ? 0.2 : isLight ? 0.55 : 0.18,
    sh: isDark ? 0.5 : isLight ? 0.17 : 0.3,
    teeth: isDark ? '#60636a' : mix(base, '#1d1d1f', 0.6),
    isDark,
    isLight,
  };
}

// ───────────────────────── SVG building blocks ─────────────────────────

/** Opacities need finer steps than coordinates. */
const alpha = (a: number) => String(Math.round(clamp(a) * 1000) / 1000);

type Stop = readonly [offset: number, color: string, opacity: number];
const stopsSvg = (stops: readonly Stop[]) =>
  stops.map(([o, c, a]) => `<stop offset="${num(o * 100)}%" stop-color="${c}" stop-opacity="${alpha(a)}"/>`).join('');

function linear(id: string, x1: number, y1: number, x2: number, y2: number, stops: readonly Stop[]): string {
  return `<linearGradient id="${id}" x1="${num(x1)}" y1="${num(y1)}" x2="${num(x2)}" y2="${num(y2)}">${stopsSvg(stops)}</linearGradient>`;
}
function radial(id: string, cx: number, cy: number, r: number, stops: readonly Stop[]): string {
  return `<radialGradient id="${id}" cx="${num(cx)}" cy="${num(cy)}" r="${num(r)}">${stopsSvg(stops)}</radialGradient>`;
}

/** Gradients shared by all garments, tuned to the palette. */
function sharedDefs(p: Palette): string {
  const { hi, sh } = p;
  return [
    // Studio sweep: light top, a touch warmer and darker towards the floor, and
    // side vignettes. Linear gradients only: a full-frame radial gradient
    // costs librsvg ~30 ms per image.
    linear('bg', 0, 0, 0, 1, [
      [0, '#f7f6f3', 1],
      [0.55, BG, 1],
      [1, '#e7e3dd', 1],
    ]),
    linear('vignette', 0, 0, 1, 0, [
      [0, '#6b5a45', 0.035],
      [0.25, '#6b5a45', 0],
      [0.75, '#6b5a45', 0],
      [1, '#6b5a45', 0.035],
    ]),
    radial('floor', 0.5, 0.5, 0.5, [
      [0, '#000', 0.2],
      [0.55, '#000', 0.08],
      [1, '#000', 0],
    ]),
    // Across the torso: rounded volume, light coming slightly from the left.
    linear('volH', 0, 0, 1, 0, [
      [0, '#000', sh * 0.95],
      [0.12, '#000', sh * 0.3],
      [0.34, '#fff', hi * 0.75],
      [0.5, '#fff', hi * 0.15],
      [0.78, '#000', sh * 0.2],
      [1, '#000', sh * 0.9],
    ]),
    // Top to bottom: shoulders catch light, hem falls into shade.
    linear('volV', 0, 0, 0, 1, [
      [0, '#fff', hi * 0.55],
      [0.25, '#fff', 0],
      [0.75, '#000', 0],
      [1, '#000', sh * 0.45],
    ]),
    // Across a sleeve: dark where it meets the body, highlight, dark outer edge.
    linear('volS', 0, 0, 1, 0, [
      [0, '#000', sh * 0.9],
      [0.28, '#000', sh * 0.15],
      [0.5, '#fff', hi * 0.7],
      [0.78, '#000', sh * 0.1],
      [1, '#000', sh * 0.85],
    ]),
    // One baffle of quilted down, seam (0) to seam (1).
    linear('puffGrad', 0, 0, 0, 1, [
      [0, '#000', sh * 0.55],
      [0.1, '#000', sh * 0.12],
      [0.3, '#fff', hi * 0.6],
      [0.45, '#fff', hi * 0.3],
      [0.7, '#000', 0],
      [0.9, '#000', sh * 0.4],
      [1, '#000', sh * 0.75],
    ]),
    // Round things (hood, hat crown, pompon): soft top-left highlight.
    radial('volR', 0.4, 0.32, 0.75, [
      [0, '#fff', hi * 0.8],
      [0.45, '#fff', 0],
      [0.8, '#000', sh * 0.35],
      [1, '#000', sh * 0.8],
    ]),
    radial('lining', 0.5, 0.35, 0.7, [
      [0, mix(p.deep, '#000', 0.35), 1],
      [0.7, p.deep, 1],
      [1, mix(p.deep, p.base, 0.4), 1],
    ]),
    linear('metal', 0, 0, 1, 1, [
      [0, '#e9eaec', 1],
      [0.45, '#a4a7ad', 1],
      [0.55, '#8b8e94', 1],
      [1, '#d0d2d6', 1],
    ]),
    radial('fur', 0.5, 0.5, 0.5, [
      [0.55, '#6f604f', 1],
      [0.8, '#a4927b', 1],
      [1, '#d6c8b4', 1],
    ]),
  ].join('');
}

/** Fill + stroke for a garment piece. */
const piece = (dPath: string, p: Palette, fill = p.base, sw = 2.4) =>
  `<path d="${dPath}" fill="${fill}" stroke="${p.stroke}" stroke-width="${sw}" stroke-linejoin="round"/>`;

/** Shading overlays painted on top of a piece, clipped to it. */
function shaded(clipId: string, inner: string): string {
  return `<g clip-path="url(#${clipId})">${inner}</g>`;
}

/** Gradient overlay that spans exactly the bbox of the piece (objectBoundingBox gradients). */
const overlay = (dPath: string, grad: string) => `<path d="${dPath}" fill="url(#${grad})"/>`;

function button(c: V, r: number, p: Palette): string {
  const body = p.isDark ? '#2a2a2c' : p.isLight ? '#6b5744' : mix(p.base, '#1c1612', 0.65);
  return [
    `<circle cx="${num(c[0] + 1.5)}" cy="${num(c[1] + 2.5)}" r="${num(r + 1)}" fill="#000" fill-opacity="0.22"/>`,
    `<circle cx="${num(c[0])}" cy="${num(c[1])}" r="${num(r)}" fill="${body}" stroke="${mix(body, '#000', 0.35)}" stroke-width="1.2"/>`,
    `<circle cx="${num(c[0])}" cy="${num(c[1])}" r="${num(r * 0.72)}" fill="none" stroke="#fff" stroke-opacity="0.18" stroke-width="1.2"/>`,
    ...[
      [-1, -1],
      [1, -1],
      [-1, 1],
      [1, 1],
    ].map(
      ([dx = 0, dy = 0]) =>
        `<circle cx="${num(c[0] + dx * r * 0.24)}" cy="${num(c[1] + dy * r * 0.24)}" r="${num(r * 0.11)}" fill="#000" fill-opacity="0.55"/>`,
    ),
  ].join('');
}

function snap(c: V, r: number): string {
  return `<circle cx="${num(c[0])}" cy="${num(c[1] + 1.5)}" r="${num(r + 0.8)}" fill="#000" fill-opacity="0.2"/><circle cx="${num(c[0])}" cy="${num(c[1])}" r="${num(r)}" fill="url(#metal)" stroke="#6f7278" stroke-width="0.8"/>`;
}

/** Zipper puller: small metal tab hanging from the slider. */
function puller(top: V, scale = 1, angle = 0): string {
  const s = scale;
  return `<g transform="translate(${num(top[0])} ${num(top[1])}) rotate(${num(angle)}) scale(${num(s)})"><rect x="-5" y="-3" width="10" height="10" rx="2" fill="url(#metal)" stroke="#62656b" stroke-width="0.8"/><path d="M-4.5 6 L4.5 6 L5.5 30 Q0 34 -5.5 30 Z" fill="url(#metal)" stroke="#62656b" stroke-width="0.8"/><rect x="-2" y="12" width="4" height="12" rx="2" fill="#55585e" fill-opacity="0.6"/></g>`;
}

/** Rib knit: a wide dashed stroke along `pathD` draws stripes perpendicular to it. */
function ribStripes(pathD: string, width: number, p: Palette, pitch = 9): string {
  const a = num(pitch * 0.38);
  const b = num(pitch * 0.62);
  return `<path d="${pathD}" fill="none" stroke="#000" stroke-opacity="${num(p.sh * 0.45)}" stroke-width="${num(width)}" stroke-dasharray="${a} ${b}"/><path d="${pathD}" fill="none" stroke="#fff" stroke-opacity="${num(p.hi * 0.45)}" stroke-width="${num(width)}" stroke-dasharray="${a} ${b}" stroke-dashoffset="${num(pitch * 0.5)}"/>`;
}

/**
 * Quilted down: every baffle gets the same vertical gradient (shade just under
 * the seam, highlight on the rounded top, deep shade above the next seam).
 * One rect per baffle in a frame whose y runs from seam to seam (down the body,
 * or along a sleeve when `transform` rotates it). Plain rects with a bounding-box
 * gradient are much cheaper for librsvg than a <pattern> or blurred strokes.
 */
function puffBands(ys: readonly number[], pitch: number, transform = ''): string {
  const rects = ys
    .map((y) => `<rect x="-400" y="${num(y)}" width="800" height="${num(pitch)}" fill="url(#puffGrad)"/>`)
    .join('');
  return transform ? `<g transform="${transform}">${rects}</g>` : rects;
}

/** The stitched baffle seams: a crisp line plus a thin catch-light just below it. */
function seamStitches(seams: readonly string[], down: V, p: Palette): string {
  const all = seams.join('');
  return `<path d="${all}" stroke="#000" stroke-opacity="${num(p.sh * 0.5)}" stroke-width="5" fill="none" transform="translate(${num(-down[0] * 2.5)} ${num(-down[1] * 2.5)})"/><path d="${all}" stroke="${p.seam}" stroke-width="2" fill="none"/><path d="${all}" stroke="#fff" stroke-opacity="${num(p.hi * 0.9)}" stroke-width="1.2" fill="none" transform="translate(${num(down[0] * 2)} ${num(down[1] * 2)})"/>`;
}

/** Topstitching: a thin dashed line in the seam colour. */
const stitch = (dPath: string, p: Palette, opacity = 0.7) =>
  `<path d="${dPath}" fill="none" stroke="${p.seam}" stroke-opacity="${num(opacity)}" stroke-width="1.3" stroke-dasharray="5 4" stroke-linecap="round"/>`;
const seamLine = (dPath: string, p: Palette, w = 1.8, opacity = 0.9) =>
  `<path d="${dPath}" fill="none" stroke="${p.seam}" stroke-opacity="${num(opacity)}" stroke-width="${num(w)}" stroke-linecap="round"/>`;

/**
 * Soft shadow around a silhouette without an SVG blur filter (blur is the
 * slowest thing librsvg does): a faint wide stroke over a narrower stroke and
 * an offset fill. The garment covers most of it; only the fringe shows.
 * `spread` scales the stroke widths down for small pieces (pockets, flaps).
 */
function softShadow(dPaths: readonly string[], dx: number, dy: number, strength = 1, spread = 1): string {
  const a = (v: number) => alpha(v * strength);
  const all = dPaths.join('');
  return `<g transform="translate(${num(dx)} ${num(dy)})"><path d="${all}" fill="none" stroke="#000" stroke-opacity="${a(0.025)}" stroke-width="${num(26 * spread)}" stroke-linejoin="round"/><path d="${all}" fill="#000" fill-opacity="${a(0.05)}" stroke="#000" stroke-opacity="${a(0.035)}" stroke-width="${num(10 * spread)}" stroke-linejoin="round"/></g>`;
}

// ───────────────────────── tops: geometry ─────────────────────────

type TopKind = 'down-jacket' | 'parka' | 'coat' | 'jacket' | 'vest';

interface TopGeo {
  kind: TopKind;
  nw: number; // half width of the neck
  shX: number;
  shY: number; // shoulder point
  armX: number;
  armY: number; // armpit
  waistX: number;
  waistY: number;
  hemX: number;
  hemY: number;
  sleeves: boolean;
  cuffY: number;
  sleeveOut: number; // cuff centre, horizontally from the shoulder point
  cuffW: number;
  baffle: number; // quilting pitch, 0 = not quilted
  puff: number; // outline bulge between baffles
  front: number; // x of the front closure (moved for the three-quarter view)
  collarH: number;
}

const HEM: Record<TopKind, Record<GarmentDesign['length'], number>> = {
  'down-jacket': { short: 520, mid: 690, long: 900 },
  parka: { short: 590, mid: 740, long: 920 },
  coat: { short: 600, mid: 780, long: 960 },
  jacket: { short: 500, mid: 600, long: 740 },
  vest: { short: 500, mid: 640, long: 840 },
};

function topGeo(kind: TopKind, length: GarmentDesign['length'], variant: number, view: GarmentView): TopGeo {
  const hemY = HEM[kind][length];
  const quilted = kind === 'down-jacket' || kind === 'vest';
  const baffle = quilted ? ([58, 66, 74, 86][variant] ?? 66) : 0;
  const wide = kind === 'down-jacket' || kind === 'parka' ? 8 : 0;
  const flare = kind === 'coat' ? (length === 'long' ? 30 : 18) : kind === 'parka' ? 16 : 0;
  const g: TopGeo = {
    kind,
    nw: 62,
    shX: kind === 'vest' ? 134 : 176 + wide * 0.5,
    shY: 36,
    armX: 180 + wide,
    armY: kind === 'vest' ? 226 : 196,
    waistX: kind === 'coat' ? 170 : 178 + wide,
    waistY: Math.min(400, hemY - 120),
    hemX: (kind === 'down-jacket' ? 178 : 180) + flare + (quilted ? 0 : wide),
    hemY,
    sleeves: kind !== 'vest',
    cuffY: kind === 'coat' ? 610 : 600,
    sleeveOut: kind === 'coat' ? 44 : 52,
    cuffW: kind === 'down-jacket' ? 102 : kind === 'coat' ? 86 : 92,
    baffle,
    puff: baffle * 0.11,
    front: view === 2 ? 26 : 0,
    collarH: kind === 'down-jacket' || kind === 'vest' ? 66 : 56,
  };
  return g;
}

/** x of the body's side seam at height y (armpit -> waist -> hem, smooth). */
function sideX(g: TopGeo, y: number): number {
  if (y <= g.waistY) return lerp(g.armX, g.waistX, smoothstep(clamp((y - g.armY) / (g.waistY - g.armY))));
  return lerp(g.waistX, g.hemX, smoothstep(clamp((y - g.waistY) / (g.hemY - g.waistY))));
}

const QUILT_TOP = 40;

/** Even quilting pitch on the body: whole baffles between the yoke and the hem binding. */
function bodyPitch(g: TopGeo): number {
  const span = g.hemY - 16 - QUILT_TOP;
  return span / Math.max(2, Math.round(span / g.baffle));
}

/** y positions of horizontal baffle seams on the body. */
function bodySeamYs(g: TopGeo): number[] {
  const ys: number[] = [];
  if (!g.baffle) return ys;
  const step = bodyPitch(g);
  for (let y = QUILT_TOP + step; y < g.hemY - 16 - step / 2; y += step) ys.push(y);
  return ys;
}

/** Clockwise body outline (screen coordinates), starting at the right side of the neck. */
function bodyPath(g: TopGeo): string {
  const { nw, shX, shY, armX, armY, hemX, hemY } = g;
  const seamYs = bodySeamYs(g).filter((y) => y > armY + 10 && y < hemY - 10);
  const rightSide: V[] = g.puff
    ? [[armX, armY], ...seamYs.map((y): V => [sideX(g, y), y]), [hemX, hemY]]
    : Array.from({ length: 9 }, (_, i): V => {
        const y = lerp(armY, hemY, i / 8);
        return [sideX(g, y), y];
      });
  const leftSide = rightSide.map(([x, y]): V => [-x, y]).reverse();
  const sideD = (pts: V[]) => (g.puff ? puffsThrough(pts, g.puff) : smoothThrough(pts));
  const armhole = g.sleeves
    ? (s: 1 | -1) => d`C${s * (shX + 8)} ${shY + 50} ${s * (armX + 2)} ${armY - 60} ${s * armX} ${armY}`
    : // Vest: the armhole is a visible concave cut.
      (s: 1 | -1) => d`C${s * (shX + 4)} ${shY + 90} ${s * (armX - 46)} ${armY - 4} ${s * armX} ${armY}`;
  const armholeUp = g.sleeves
    ? (s: 1 | -1) => d`C${s * (armX + 2)} ${armY - 60} ${s * (shX + 8)} ${shY + 50} ${s * shX} ${shY}`
    : (s: 1 | -1) => d`C${s * (armX - 46)} ${armY - 4} ${s * (shX + 4)} ${shY + 90} ${s * shX} ${shY}`;
  return [
    d`M${nw} 0`,
    d`C${nw + 40} 4 ${shX - 34} ${shY - 10} ${shX} ${shY}`,
    armhole(1),
    sideD(rightSide),
    d`C${hemX * 0.5} ${hemY + 12} ${-hemX * 0.5} ${hemY + 12} ${-hemX} ${hemY}`,
    sideD(leftSide),
    armholeUp(-1),
    d`C${-(shX - 34)} ${shY - 10} ${-(nw + 40)} 4 ${-nw} 0`,
    d`C${-nw * 0.5} -8 ${nw * 0.5} -8 ${nw} 0Z`,
  ].join('');
}

const hemCurve = (g: TopGeo, dy = 0) =>
  d`M${-g.hemX - 20} ${g.hemY + dy - 6}C${-g.hemX * 0.5} ${g.hemY + dy + 12} ${g.hemX * 0.5} ${g.hemY + dy + 12} ${g.hemX + 20} ${g.hemY + dy - 6}`;

interface SleeveGeo {
  path: string;
  J: V;
  C: V;
  u: V;
  n: V;
  len: number;
  seams: string[];
  /** shading of the sleeve's baffles, aligned with its seams */
  puff: string;
}

/** Right sleeve (viewer's right); the left one is the same drawing mirrored. */
function sleeveGeo(g: TopGeo): SleeveGeo {
  const J: V = [g.shX - 4, g.shY + 56];
  const C: V = [g.shX + g.sleeveOut, g.cuffY];
  const u = unit(sub(C, J));
  const n: V = [u[1], -u[0]];
  const L = len(sub(C, J));
  const A: V = [g.shX - 16, g.shY - 6];
  const B = add(C, mul(n, g.cuffW / 2));
  const Dp = sub(C, mul(n, g.cuffW / 2));
  const E: V = [g.armX - 22, g.armY + 14];
  const outer: Cubic = [A, [g.shX + 30, g.shY + 2], add(sub(B, mul(u, L * 0.55)), mul(n, 6)), B];
  const inner: Cubic = [Dp, sub(Dp, mul(u, L * 0.4)), [E[0] + 4, E[1] + 70], E];
  const cuffCtl = add(C, mul(u, 9));

  const seams: string[] = [];
  let puff = '';
  let outerD = cubicD(outer);
  let innerD = cubicD(inner);
  if (g.baffle) {
    // Seams perpendicular to the sleeve axis, at regular distances along it.
    const pitch = g.baffle * 0.9;
    const ss: number[] = [];
    for (let s = L - pitch * 0.75; s > -40; s -= pitch) ss.unshift(s);
    const proj = (p: V) => dot(sub(p, J), u);
    const crossings = (c: Cubic): V[] => {
      const samples = Array.from({ length: 48 }, (_, i) => cubicAt(c, i / 47));
      const res: V[] = [];
      for (const s of ss) {
        for (let i = 0; i + 1 < samples.length; i++) {
          const a = samples[i];
          const b = samples[i + 1];
          if (!a || !b) continue;
          const pa = proj(a);
          const pb = proj(b);
          if ((pa - s) * (pb - s) <= 0 && pa !== pb) {
            const t = (s - pa) / (pb - pa);
            res.push([lerp(a[0], b[0], t), lerp(a[1], b[1], t)]);
            break;
          }
        }
      }
      return res;
    };
    const outs = crossings(outer).filter((p) => proj(p) > proj(A) + 10 && proj(p) < proj(B) - 10);
    const ins = crossings(inner)
      .filter((p) => proj(p) > proj(E) + 10 && proj(p) < proj(Dp) - 10)
      .reverse();
    outerD = puffsThrough([A, ...outs], g.puff * 0.8) + puffsThrough([outs.at(-1) ?? A, B], g.puff * 0.8);
    innerD = puffsThrough([Dp, ...ins, E], g.puff * 0.8);
    for (const s of ss) {
      const c = add(J, mul(u, s));
      const a = sub(c, mul(n, 120));
      const b = add(c, mul(n, 120));
      seams.push(d`M${pt(a)}Q${pt(add(c, mul(u, 3)))} ${pt(b)}`);
    }
    // Band frame: origin at J, y running down the sleeve axis.
    const angle = (Math.atan2(-u[0], u[1]) * 180) / Math.PI;
    puff = puffBands([(ss[0] ?? 0) - pitch, ...ss], pitch, `translate(${pt(J)}) rotate(${num(angle)})`);
  }
  const pathD = `M${pt(A)}${outerD}Q${pt(cuffCtl)} ${pt(Dp)}${innerD}Z`;
  return { path: pathD, J, C, u, n, len: L, seams, puff };
}

// ───────────────────────── tops: parts ─────────────────────────

interface TopCtx {
  g: TopGeo;
  p: Palette;
  design: GarmentDesign;
  back: boolean;
  open: boolean;
  rnd: () => number;
  /** body outline, used for the fill, the clip and the shading overlays */
  bodyD: string;
}

function drawSleeve(c: TopCtx, s: SleeveGeo): string {
  const { g, p, design } = c;
  const k = g.kind;
  const parts: string[] = [piece(s.path, p)];
  const inner: string[] = [overlay(s.path, 'volS')];
  if (s.seams.length) inner.push(s.puff, seamStitches(s.seams, s.u, p));
  // Cuff band, drawn as a thick stroke across the end of the sleeve.
  const cuffLine = (depth: number) => {
    const c0 = sub(s.C, mul(s.u, depth));
    return d`M${pt(sub(c0, mul(s.n, 90)))}Q${pt(add(c0, mul(s.u, 8)))} ${pt(add(c0, mul(s.n, 90)))}`;
  };
  if (k === 'down-jacket') {
    inner.push(`<path d="${cuffLine(9)}" stroke="${p.dark}" stroke-width="20" fill="none"/>`);
    inner.push(`<path d="${cuffLine(19)}" stroke="${p.seam}" stroke-width="1.6" fill="none"/>`);
  } else if (k === 'jacket' && design.variant < 2) {
    inner.push(`<path d="${cuffLine(26)}" stroke="${p.dark}" stroke-opacity="0.55" stroke-width="52" fill="none"/>`);
    inner.push(ribStripes(cuffLine(26), 52, p, 8));
    inner.push(`<path d="${cuffLine(52)}" stroke="${p.seam}" stroke-width="1.8" fill="none"/>`);
  } else {
    inner.push(stitch(cuffLine(k === 'coat' ? 60 : 30), p, 0.6));
  }
  // Elbow crease / sleeve seam: a faint line down the sleeve keeps it from looking flat.
  if (!g.baffle) {
    const a = add(s.J, mul(s.u, 40));
    const b = add(s.C, mul(s.u, -8));
    inner.push(
      seamLine(
        d`M${pt(add(a, mul(s.n, -26)))}Q${pt(add(mul(add(a, b), 0.5), mul(s.n, -30)))} ${pt(add(b, mul(s.n, -30)))}`,
        p,
        1.2,
        0.5,
      ),
    );
  }
  parts.push(shaded('clipSleeve', inner.join('')));
  // Parka: adjustable cuff tab; coat: three cuff buttons.
  if (!c.back && k === 'parka') {
    const a = add(s.C, mul(s.u, -22));
    const t1 = add(a, mul(s.n, 6));
    const t2 = add(a, mul(s.n, 50));
    parts.push(
      `<path d="${capsule(t1, t2, 18)}" fill="${p.base}" stroke="${p.stroke}" stroke-width="1.6"/>`,
      snap(add(a, mul(s.n, 40)), 4.5),
    );
  }
  if (k === 'coat') {
    for (let i = 0; i < 3; i++) parts.push(button(add(add(s.C, mul(s.u, -32 - i * 16)), mul(s.n, 30)), 5.5, p));
  }
  return parts.join('');
}

/** Zipper from (x, top) down to the hem: tape, teeth, slider. */
function zipper(x: number, top: number, bottom: number, p: Palette): string {
  return [
    `<path d="M${num(x)} ${num(top)}V${num(bottom)}" stroke="${p.dark}" stroke-width="9"/>`,
    `<path d="M${num(x)} ${num(top)}V${num(bottom)}" stroke="${p.teeth}" stroke-width="5.5" stroke-dasharray="2.2 1.6"/>`,
    `<path d="M${num(x - 4.5)} ${num(top)}V${num(bottom)}" stroke="#000" stroke-opacity="0.25" stroke-width="1"/>`,
    puller([x, top + 8], 1),
  ].join('');
}

/** Stand collar; from the front the lined inside of the back is visible. */
function standCollar(c: TopCtx): string {
  const { g, p } = c;
  const { nw, front: f } = g;
  const h = g.collarH;
  const rib = g.kind === 'jacket' && c.design.variant < 2;
  const top = -h + 8;
  if (c.back) {
    const outer = d`M${-nw - 12} 14C${-nw - 12} -10 ${-nw - 6} ${top} ${-nw + 4} ${top}C${-nw * 0.4} ${top - 12} ${nw * 0.4} ${top - 12} ${nw - 4} ${top}C${nw + 6} ${top} ${nw + 12} -10 ${nw + 12} 14C${nw * 0.5} 4 ${-nw * 0.5} 4 ${-nw - 12} 14Z`;
    return [
      piece(outer, p),
      `<clipPath id="clipCollar"><path d="${outer}"/></clipPath>`,
      shaded(
        'clipCollar',
        [
          overlay(outer, 'volH'),
          rib ? ribStripes(d`M${-nw - 20} ${top / 2 + 4}H${nw + 20}`, h + 10, p, 8) : '',
          g.baffle ? seamLine(d`M${-nw - 20} ${top / 2 + 2}Q0 ${top / 2 - 8} ${nw + 20} ${top / 2 + 2}`, p) : '',
        ].join(''),
      ),
      `<path d="${outer}" fill="none" stroke="${p.stroke}" stroke-width="2.2"/>`,
    ].join('');
  }
  // Extends below the face's front edge so no background peeks through.
  const inside = d`M${-nw + 4} ${top}C${-nw * 0.45} ${top - 12} ${nw * 0.45} ${top - 12} ${nw - 4} ${top}L${nw - 4} ${top + 20}C${nw * 0.5} ${top + 44} ${-nw * 0.5} ${top + 44} ${-nw + 4} ${top + 20}Z`;
  const face = d`M${-nw - 12} 16C${-nw - 12} -10 ${-nw - 6} ${top} ${-nw + 4} ${top}C${-nw * 0.5} ${top + 24} ${f + nw * 0.1} ${top + 26} ${f} ${top + 27}C${f + nw * 0.1} ${top + 26} ${nw * 0.5} ${top + 24} ${nw - 4} ${top}C${nw + 6} ${top} ${nw + 12} -10 ${nw + 12} 16C${nw * 0.5} 34 ${-nw * 0.5} 34 ${-nw - 12} 16Z`;
  const parts = [
    `<path d="${inside}" fill="url(#lining)" stroke="${p.stroke}" stroke-width="2"/>`,
    piece(face, p),
    `<clipPath id="clipCollar"><path d="${face}"/></clipPath>`,
    shaded(
      'clipCollar',
      [
        overlay(face, 'volH'),
        `<path d="${d`M${-nw - 20} ${top + 14}C${-nw * 0.5} ${top + 36} ${nw * 0.5} ${top + 36} ${nw + 20} ${top + 14}`}" stroke="#fff" stroke-opacity="${num(p.hi * 0.5)}" stroke-width="10" fill="none"/>`,
        rib
          ? ribStripes(
              d`M${-nw - 20} ${top / 2 + 12}C${-nw * 0.5} ${top / 2 + 26} ${nw * 0.5} ${top / 2 + 26} ${nw + 20} ${top / 2 + 12}`,
              h + 10,
              p,
              8,
            )
          : '',
        g.baffle
          ? seamLine(
              d`M${-nw - 20} ${top / 2 + 6}C${-nw * 0.5} ${top / 2 + 20} ${nw * 0.5} ${top / 2 + 20} ${nw + 20} ${top / 2 + 6}`,
              p,
            )
          : '',
        // Shadow the collar throws onto the chest.
        `<path d="${d`M${-nw - 20} 30C${-nw * 0.5} 44 ${nw * 0.5} 44 ${nw + 20} 30`}" stroke="#000" stroke-opacity="${num(p.sh * 0.4)}" stroke-width="12" fill="none"/>`,
      ].join(''),
    ),
    `<path d="${face}" fill="none" stroke="${p.stroke}" stroke-width="2.2"/>`,
  ];
  return parts.join('');
}

interface HoodGeo {
  shell: string;
  opening: string;
  openingPts: V[];
}

function hoodGeo(g: TopGeo): HoodGeo {
  const { nw, front: f } = g;
  const bw = nw + 60; // where the hood sits on the shoulders
  const shell = d`M${-bw} 46C${-bw - 26} -40 ${-bw + 4} -232 ${f * 0.4} -246C${bw - 4} -232 ${bw + 26} -40 ${bw} 46C${bw * 0.55} 72 ${f + 30} 86 ${f} 90C${f - 30} 86 ${-bw * 0.55} 72 ${-bw} 46Z`;
  // Face opening: an upright oval closing at the chin (where the zipper ends).
  const oc: Cubic[] = [
    [
      [f, 74],
      [f - 56, 60],
      [-nw - 34, -10],
      [-nw - 26, -96],
    ],
    [
      [-nw - 26, -96],
      [-nw - 20, -170],
      [f - 40, -200],
      [f * 0.6, -200],
    ],
    [
      [f * 0.6, -200],
      [f + 40, -200],
      [nw + 20, -170],
      [nw + 26, -96],
    ],
    [
      [nw + 26, -96],
      [nw + 34, -10],
      [f + 56, 60],
      [f, 74],
    ],
  ];
  const opening = `M${pt(oc[0]?.[0] ?? [0, 0])}${oc.map(cubicD).join('')}Z`;
  const openingPts = oc.flatMap((c, i) => Array.from({ length: 22 }, (_, k) => cubicAt(c, (k + (i ? 1 : 0)) / 22)));
  return { shell, opening, openingPts };
}

/** Fluffy fur ring along a closed curve: jagged outline + individual hair strokes. */
function furRing(pts: readonly V[], rnd: () => number, inner: number, outer: number): string {
  const n = pts.length;
  const normalAt = (i: number): V => {
    const a = pts[(i - 1 + n) % n] ?? [0, 0];
    const b = pts[(i + 1) % n] ?? [0, 0];
    const t = unit(sub(b, a));
    return [-t[1], t[0]];
  };
  // Work out which side of the curve is "outside" from the centroid.
  const cen = mul(
    pts.reduce((acc, q) => add(acc, q), [0, 0] as V),
    1 / n,
  );
  const p0 = pts[0] ?? [0, 0];
  const sign = dot(normalAt(0), sub(p0, cen)) > 0 ? 1 : -1;
  const outerPts: V[] = [];
  const innerPts: V[] = [];
  const hairs: string[] = [];
  for (let i = 0; i < n; i++) {
    const q = pts[i] ?? [0, 0];
    const nn = mul(normalAt(i), sign);
    const ro = outer * (0.75 + rnd() * 0.5);
    const ri = inner * (0.7 + rnd() * 0.6);
    outerPts.push(add(q, mul(nn, ro)));
    innerPts.push(sub(q, mul(nn, ri)));
    for (let h = 0; h < 3; h++) {
      // Short, slightly curved tufts pointing mostly outwards.
      const base = add(q, mul(nn, (rnd() - 0.4) * (inner + outer) * 0.6));
      const ang = (rnd() - 0.5) * 1.4;
      const dir: V = [nn[0] * Math.cos(ang) - nn[1] * Math.sin(ang), nn[0] * Math.sin(ang) + nn[1] * Math.cos(ang)];
      const l = (outer + inner) * (0.15 + rnd() * 0.25) * (rnd() < 0.75 ? 1 : -1);
      const tip = add(base, mul(dir, l));
      const bend = add(add(base, mul(dir, l * 0.5)), mul([-dir[1], dir[0]], l * 0.2));
      hairs.push(d`M${pt(base)}Q${pt(bend)} ${pt(tip)}`);
    }
  }
  const ring = `M${pt(outerPts[0] ?? [0, 0])}${puffsThrough([...outerPts, outerPts[0] ?? [0, 0]], 4)}ZM${pt(innerPts[0] ?? [0, 0])}${puffsThrough([...innerPts, innerPts[0] ?? [0, 0]], -3)}Z`;
  return [
    `<path d="${ring}" fill="#000" fill-opacity="0.18" fill-rule="evenodd" transform="translate(2 5)"/>`,
    `<path d="${ring}" fill="url(#fur)" fill-rule="evenodd" stroke="#8a7a66" stroke-width="1.2"/>`,
    `<path d="${hairs.filter((_, i) => i % 3 !== 0).join('')}" stroke="#ece3d6" stroke-opacity="0.6" stroke-width="1.5" stroke-linecap="round" fill="none"/>`,
    `<path d="${hairs.filter((_, i) => i % 3 === 0).join('')}" stroke="#5e503f" stroke-opacity="0.45" stroke-width="1.3" stroke-linecap="round" fill="none"/>`,
  ].join('');
}

function hasFur(c: TopCtx): boolean {
  return c.g.kind === 'parka' && c.design.hood && c.design.variant % 2 === 0;
}

function hoodFront(c: TopCtx): string {
  const { g, p } = c;
  const h = hoodGeo(g);
  const parts = [
    piece(h.shell, p),
    `<clipPath id="clipHood"><path d="${h.shell}"/></clipPath>`,
    shaded(
      'clipHood',
      [
        overlay(h.shell, 'volR'),
        // Down hoods are quilted too: two arcs following the crown.
        g.baffle
          ? seamStitches(
              [0.55, 0.8].map(
                (k) => d`M${-g.nw - 90} 40C${-g.nw - 90} ${-250 * k} ${g.nw + 90} ${-250 * k} ${g.nw + 90} 40`,
              ),
              [0, 1],
              p,
            )
          : '',
      ].join(''),
    ),
    `<path d="${h.shell}" fill="none" stroke="${p.stroke}" stroke-width="2.4"/>`,
    // Inside of the hood, then a rolled edge so the opening reads as thick fabric.
    `<path d="${h.opening}" fill="url(#lining)"/>`,
    `<path d="${h.opening}" fill="none" stroke="${p.base}" stroke-width="14"/>`,
    `<path d="${h.opening}" fill="none" stroke="#fff" stroke-opacity="${num(p.hi * 0.6)}" stroke-width="5" transform="translate(-1 -2)"/>`,
    `<path d="${h.opening}" fill="none" stroke="${p.stroke}" stroke-width="2"/>`,
    stitch(h.opening.replace(/Z$/, ''), p, 0.35),
  ];
  if (hasFur(c)) parts.push(furRing(h.openingPts, c.rnd, 16, 26));
  return parts.join('');
}

function hoodBack(c: TopCtx): string {
  const { g, p } = c;
  const h = hoodGeo(g);
  const parts: string[] = [];
  // Fur peeks out around the hood when seen from behind.
  if (hasFur(c))
    parts.push(`<g transform="translate(0 -10) scale(1.12 1.06)">${furRing(h.openingPts, c.rnd, 10, 22)}</g>`);
  parts.push(
    piece(h.shell, p),
    `<clipPath id="clipHood"><path d="${h.shell}"/></clipPath>`,
    shaded(
      'clipHood',
      [
        overlay(h.shell, 'volR'),
        seamLine(d`M0 -250Q-4 -100 0 90`, p, 2, 0.8),
        stitch(d`M6 -246Q2 -100 6 86`, p, 0.5),
      ].join(''),
    ),
    `<path d="${h.shell}" fill="none" stroke="${p.stroke}" stroke-width="2.4"/>`,
  );
  return parts.join('');
}

/** Notched-lapel collar of a coat. */
function lapels(c: TopCtx, vY: number): string {
  const { g, p } = c;
  const { nw, front: f } = g;
  const backCollar = d`M${-nw - 18} 24C${-nw - 22} -12 ${-nw - 6} -44 ${f * 0.3} -48C${nw + 6} -44 ${nw + 22} -12 ${nw + 18} 24Z`;
  const vee = d`M${-nw + 6} -4C${-nw * 0.4} -26 ${nw * 0.4} -26 ${nw - 6} -4L${f + 4} ${vY}L${f - 4} ${vY}Z`;
  const lapel = (s: 1 | -1) => {
    const x = (v: number) => f + s * v;
    return d`M${x(nw - 4)} -6L${x(4)} ${vY}C${x(30)} ${vY - 80} ${x(nw + 60)} 170 ${x(nw + 84)} 104L${x(nw + 48)} 90L${x(nw + 58)} 58C${x(nw + 40)} 40 ${x(nw + 24)} 12 ${x(nw + 14)} -14C${x(nw + 6)} -18 ${x(nw)} -12 ${x(nw - 4)} -6Z`;
  };
  const parts = [
    piece(backCollar, p),
    `<path d="${vee}" fill="url(#lining)"/>`,
    `<path d="${d`M${-nw + 10} -8C${-nw * 0.4} -30 ${nw * 0.4} -30 ${nw - 10} -8`}" fill="none" stroke="${p.stroke}" stroke-width="2"/>`,
  ];
  for (const s of [1, -1] as const) {
    const l = lapel(s);
    parts.push(
      softShadow([l], 2, 5, 2.5, 0.5),
      piece(l, p, p.light, 2.2),
      `<path d="${l}" fill="url(#volS)" fill-opacity="0.6"/>`,
      // Roll line highlight: the fold of the lapel catches the light.
      `<path d="${d`M${f + s * (nw - 6)} -2L${f + s * 6} ${vY - 6}`}" stroke="#fff" stroke-opacity="${num(p.hi * 0.9)}" stroke-width="3" fill="none"/>`,
    );
  }
  return parts.join('');
}

/** A slanted welt pocket with a zipper (down jackets, vests, jackets). */
function weltPocket(at: V, s: 1 | -1, p: Palette, zip: boolean): string {
  const a: V = [at[0] - s * 18, at[1] + 48];
  const b: V = [at[0] + s * 18, at[1] - 48];
  const line = d`M${pt(a)}L${pt(b)}`;
  return [
    `<path d="${line}" stroke="#000" stroke-opacity="${num(p.sh * 0.5)}" stroke-width="9" stroke-linecap="round" transform="translate(1 3)"/>`,
    `<path d="${line}" stroke="${zip ? p.dark : p.seam}" stroke-width="${zip ? 6 : 4}" stroke-linecap="round"/>`,
    zip ? `<path d="${line}" stroke="${p.teeth}" stroke-width="3" stroke-dasharray="1.6 1.4"/>` : '',
    `<path d="${line}" stroke="#fff" stroke-opacity="${num(p.hi * 0.6)}" stroke-width="1.2" transform="translate(-3 -1)"/>`,
    zip ? puller(b, 0.7, s * 10) : '',
  ].join('');
}

/** Patch pocket with flap (parka, jacket). */
function flapPocket(x0: number, y0: number, w: number, h: number, p: Palette, snaps = 1): string {
  const bag = d`M${x0} ${y0}H${x0 + w}V${y0 + h - 10}Q${x0 + w} ${y0 + h} ${x0 + w - 10} ${y0 + h}H${x0 + 10}Q${x0} ${y0 + h} ${x0} ${y0 + h - 10}Z`;
  const flapH = Math.min(46, h * 0.35);
  const flap = d`M${x0 - 5} ${y0 - 6}H${x0 + w + 5}V${y0 + flapH - 8}Q${x0 + w + 5} ${y0 + flapH} ${x0 + w - 5} ${y0 + flapH}H${x0 + 5}Q${x0 - 5} ${y0 + flapH} ${x0 - 5} ${y0 + flapH - 8}Z`;
  const parts = [
    h > flapH + 10 ? softShadow([bag], 1, 3, 1.5, 0.4) : '',
    h > flapH + 10 ? piece(bag, p, p.base, 1.8) : '',
    h > flapH + 10 ? `<path d="${bag}" fill="url(#volH)" fill-opacity="0.5"/>` : '',
    h > flapH + 10
      ? stitch(
          d`M${x0 + 6} ${y0 + 4}V${y0 + h - 12}Q${x0 + 6} ${y0 + h - 6} ${x0 + 12} ${y0 + h - 6}H${x0 + w - 12}Q${x0 + w - 6} ${y0 + h - 6} ${x0 + w - 6} ${y0 + h - 12}V${y0 + 4}`,
          p,
          0.6,
        )
      : '',
    softShadow([flap], 1, 4, 3, 0.35),
    piece(flap, p, p.base, 1.8),
    `<path d="${flap}" fill="url(#volV)"/>`,
    stitch(d`M${x0 + 1} ${y0 + flapH - 7}H${x0 + w - 1}`, p, 0.6),
  ];
  const xs = snaps === 2 ? [x0 + w * 0.25, x0 + w * 0.75] : [x0 + w / 2];
  for (const x of xs) parts.push(snap([x, y0 + flapH - 17], 4.5));
  return parts.join('');
}

/** Everything on top of the body fill, clipped to the body. */
function bodyDetails(c: TopCtx): string {
  const { g, p, design, back } = c;
  const f = g.front;
  const out: string[] = [`<path d="${c.bodyD}" fill="url(#volH)"/>`, `<path d="${c.bodyD}" fill="url(#volV)"/>`];
  if (g.front) {
    // Three-quarter view: the far side turns away from the light.
    out.push(`<rect x="${num(f + 60)}" y="-100" width="300" height="1200" fill="url(#turnShade)"/>`);
  }
  if (g.baffle) {
    const ys = bodySeamYs(g);
    out.push(
      puffBands([QUILT_TOP - bodyPitch(g), QUILT_TOP, ...ys], bodyPitch(g)),
      seamStitches(
        ys.map((y) => d`M-320 ${y}H320`),
        [0, 1],
        p,
      ),
    );
  }
  // Hem binding / rib band.
  if (g.kind === 'down-jacket' || g.kind === 'vest') {
    out.push(`<path d="${hemCurve(g, -6)}" stroke="${p.dark}" stroke-width="16" fill="none"/>`);
  } else if (g.kind === 'jacket' && design.variant < 2) {
    out.push(`<path d="${hemCurve(g, -26)}" stroke="${p.dark}" stroke-opacity="0.5" stroke-width="54" fill="none"/>`);
    out.push(ribStripes(hemCurve(g, -26), 54, p, 8));
    out.push(seamLine(hemCurve(g, -53), p, 1.8));
  } else {
    out.push(stitch(hemCurve(g, -22), p, 0.55));
  }
  if (g.kind === 'parka') {
    // Drawstring channel at the waist.
    out.push(stitch(d`M-320 ${g.waistY - 12}H320`, p, 0.6), stitch(d`M-320 ${g.waistY + 12}H320`, p, 0.6));
    out.push(
      `<path d="M-320 ${num(g.waistY)}H320" stroke="#000" stroke-opacity="${num(p.sh * 0.25)}" stroke-width="6"/>`,
    );
    // Shoulder yoke.
    out.push(
      seamLine(d`M-320 ${back ? 150 : 120}Q${f} ${back ? 160 : 132} 320 ${back ? 150 : 120}`, p, 1.6, 0.8),
      stitch(d`M-320 ${back ? 158 : 128}Q${f} ${back ? 168 : 140} 320 ${back ? 158 : 128}`, p, 0.5),
    );
  }
  if (g.kind === 'jacket') {
    // Front yoke seams curve from the armhole to the closure.
    for (const s of back ? [] : [1, -1])
      out.push(seamLine(d`M${s * 200} 150Q${f + s * 90} 140 ${f + s * 8} 170`, p, 1.5, 0.7));
    if (back) out.push(seamLine(d`M-300 140Q0 160 300 140`, p, 1.5, 0.7));
  }
  if (g.kind === 'coat') {
    if (back) {
      out.push(seamLine(d`M0 -10V${g.hemY}`, p, 1.8, 0.9));
      out.push(seamLine(d`M0 ${g.hemY - 220}L-14 ${g.hemY - 200}V${g.hemY + 20}`, p, 1.6, 0.8));
      out.push(
        `<path d="${d`M-8 ${g.hemY - 200}V${g.hemY + 20}`}" stroke="#000" stroke-opacity="${num(p.sh * 0.4)}" stroke-width="8"/>`,
      );
    } else {
      // Princess seams give the coat a tailored front.
      for (const s of [1, -1])
        out.push(seamLine(d`M${s * 120} 40Q${f + s * 100} 300 ${f + s * 110} ${g.hemY + 20}`, p, 1.4, 0.55));
    }
    if (belted(c)) out.push(beltBand(c));
  }
  if (back && !g.baffle && g.kind !== 'coat') out.push(seamLine(d`M0 40V${g.hemY}`, p, 1.4, 0.35));
  return out.join('');
}

const belted = (c: TopCtx) => c.g.kind === 'coat' && c.design.variant % 2 === 1;

/** The belt itself, drawn clipped to the body. */
function beltBand(c: TopCtx): string {
  const { g, p } = c;
  const y = g.waistY;
  return [
    `<path d="${d`M-320 ${y}H320`}" stroke="#000" stroke-opacity="${num(p.sh * 0.5)}" stroke-width="48" transform="translate(0 4)"/>`,
    `<path d="${d`M-320 ${y}H320`}" stroke="${p.base}" stroke-width="40"/>`,
    `<path d="${d`M-320 ${y}H320`}" stroke="url(#beltShade)" stroke-width="40"/>`,
    stitch(d`M-320 ${y - 14}H320`, p, 0.6),
    stitch(d`M-320 ${y + 14}H320`, p, 0.6),
    `<path d="${d`M-320 ${y - 20}H320M-320 ${y + 20}H320`}" stroke="${p.stroke}" stroke-width="1.8"/>`,
  ].join('');
}

/** Tied knot with two hanging ends, on top of the closure (closed front only). */
function beltKnot(c: TopCtx): string {
  const { g, p } = c;
  const y = g.waistY;
  const f = g.front;
  const parts: string[] = [];
  if (belted(c) && !c.back && !c.open) {
    const knot = d`M${f - 26} ${y - 24}Q${f} ${y - 30} ${f + 26} ${y - 24}L${f + 22} ${y + 24}Q${f} ${y + 30} ${f - 22} ${y + 24}Z`;
    const tail1 = d`M${f - 14} ${y + 16}L${f - 40} ${y + 170}L${f - 6} ${y + 176}L${f + 8} ${y + 18}Z`;
    const tail2 = d`M${f + 4} ${y + 16}L${f + 30} ${y + 140}L${f + 62} ${y + 132}L${f + 22} ${y + 12}Z`;
    for (const t of [tail2, tail1, knot])
      parts.push(softShadow([t], 2, 4, 3, 0.35), piece(t, p, p.base, 1.8), `<path d="${t}" fill="url(#volS)"/>`);
  }
  return parts.join('');
}

/** Closure and pockets of everything but coats (see coatFront), drawn over the body outline. */
function frontDetails(c: TopCtx): string {
  const { g, p, design } = c;
  const f = g.front;
  const out: string[] = [];
  const zipTop = design.hood ? 82 : -g.collarH + 36;
  const pocketY = Math.min(g.armY + 230, g.hemY - 110);
  const pocketX = g.kind === 'vest' ? 112 : 124;

  if (c.open) {
    // Unzipped: the two fronts part and show the lining.
    const gap = d`M${f - 3} ${zipTop}L${f - 46} ${g.hemY + 8}L${f + 46} ${g.hemY + 8}L${f + 3} ${zipTop}Z`;
    out.push(`<path d="${gap}" fill="url(#lining)"/>`);
    for (const s of [1, -1]) {
      const e = d`M${f + s * 3} ${zipTop}L${f + s * 46} ${g.hemY + 8}`;
      out.push(
        `<path d="${e}" stroke="${p.dark}" stroke-width="9"/>`,
        `<path d="${e}" stroke="${p.teeth}" stroke-width="5" stroke-dasharray="2.2 1.6"/>`,
        `<path d="${e}" stroke="${p.stroke}" stroke-width="1.2" transform="translate(${s * 5} 0)"/>`,
      );
    }
    out.push(puller([f - 46, g.hemY - 6], 1, 8));
  } else if (g.kind === 'parka') {
    // Zip hidden under a storm flap with snaps.
    const flap = d`M${f - 20} ${zipTop - 4}H${f + 20}V${g.hemY + 4}H${f - 20}Z`;
    out.push(
      softShadow([flap], 3, 2, 3, 0.35),
      `<path d="${flap}" fill="${p.base}" stroke="${p.stroke}" stroke-width="1.8"/>`,
      `<path d="${flap}" fill="url(#volS)" fill-opacity="0.6"/>`,
    );
    out.push(stitch(d`M${f - 14} ${zipTop}V${g.hemY}`, p, 0.6), stitch(d`M${f + 14} ${zipTop}V${g.hemY}`, p, 0.6));
    for (let y = zipTop + 40; y < g.hemY - 30; y += 110) out.push(snap([f, y], 5.5));
  } else {
    out.push(zipper(f, zipTop, g.hemY + 4, p));
  }

  if (g.kind === 'down-jacket' || g.kind === 'vest' || (g.kind === 'jacket' && design.variant % 2 === 0)) {
    for (const s of [1, -1] as const)
      out.push(weltPocket([f + s * pocketX, pocketY], s, p, design.variant !== 3 || g.kind === 'jacket'));
  } else if (g.kind === 'jacket') {
    for (const s of [1, -1]) out.push(flapPocket(f + (s > 0 ? 56 : -56 - 100), pocketY - 40, 100, 100, p));
  } else if (g.kind === 'parka') {
    const top = g.waistY + 40;
    const h = Math.min(190, g.hemY - top - 50);
    for (const s of [1, -1]) out.push(flapPocket(f + (s > 0 ? 44 : -44 - 116), top, 116, h, p, 2));
    if (design.variant >= 2) for (const s of [1, -1]) out.push(flapPocket(f + (s > 0 ? 40 : -40 - 84), 180, 84, 40, p));
    // Drawcord ends with toggles at the waist.
    for (const s of [1, -1]) {
      const x = f + s * 30;
      out.push(
        `<path d="${d`M${x} ${g.waistY}Q${x + s * 6} ${g.waistY + 40} ${x + s * 2} ${g.waistY + 70}`}" stroke="${p.isDark ? '#8d9096' : '#2d2d30'}" stroke-width="3" fill="none"/>`,
        `<rect x="${num(x + s * 2 - 6)}" y="${num(g.waistY + 62)}" width="12" height="18" rx="4" fill="#2d2d30" stroke="#000" stroke-opacity="0.4"/>`,
      );
    }
  }
  return out.join('');
}

function coatFront(c: TopCtx): string {
  const { g, p, design } = c;
  const f = g.front;
  const db = design.variant >= 2; // double-breasted
  const vY = db ? 250 : 290;
  const out: string[] = [];
  const edgeX = f + (db ? 46 : 8);
  if (c.open) {
    const gap = d`M${f - 6} ${vY}L${f - 60} ${g.hemY + 10}L${f + 60} ${g.hemY + 10}L${f + 6} ${vY}Z`;
    out.push(`<path d="${gap}" fill="url(#lining)"/>`);
    for (const s of [1, -1])
      out.push(
        `<path d="${d`M${f + s * 6} ${vY}L${f + s * 60} ${g.hemY + 10}`}" stroke="${p.stroke}" stroke-width="2.2"/>`,
      );
  } else {
    // Overlapping front edge, with a highlight on the fold.
    out.push(
      `<path d="${d`M${edgeX} ${vY - 10}L${edgeX + 2} ${g.hemY + 8}`}" stroke="#000" stroke-opacity="${num(p.sh * 0.5)}" stroke-width="5" transform="translate(3 0)"/>`,
    );
    out.push(
      `<path d="${d`M${edgeX} ${vY - 10}L${edgeX + 2} ${g.hemY + 8}`}" stroke="${p.stroke}" stroke-width="1.8"/>`,
    );
    out.push(stitch(d`M${edgeX - 9} ${vY}L${edgeX - 7} ${g.hemY}`, p, 0.45));
    const rows = db ? [vY + 20, vY + 130, vY + 240] : Array.from({ length: 4 }, (_, i) => vY + 10 + i * 112);
    for (const y of rows) {
      if (y > g.hemY - 60) continue;
      if (db) out.push(button([f - 46, y], 11, p), button([f + 30, y], 11, p));
      else out.push(button([f - 6, y], 12, p));
    }
  }
  // Flap pockets at the hips.
  const py = Math.min(g.waistY + 130, g.hemY - 90);
  for (const s of [1, -1]) {
    const x0 = s > 0 ? f + 70 : f - 70 - 112;
    const flap = d`M${x0} ${py}H${x0 + 112}L${x0 + 110} ${py + 34}H${x0 + 2}Z`;
    out.push(
      softShadow([flap], 1, 4, 3, 0.35),
      piece(flap, p, p.base, 1.8),
      `<path d="${flap}" fill="url(#volV)"/>`,
      stitch(d`M${x0 + 5} ${py + 28}H${x0 + 107}`, p, 0.5),
    );
  }
  out.push(lapels(c, vY));
  return out.join('');
}

// ───────────────────────── tops: assembly ─────────────────────────

interface Drawn {
  body: string;
  defs: string;
  /** local bounding box used for placement */
  box: { x0: number; y0: number; x1: number; y1: number };
  focus: V;
}

function drawTop(design: GarmentDesign, p: Palette, rnd: () => number): Drawn {
  const kind = design.kind as TopKind;
  const g = topGeo(kind, design.length, design.variant, design.view);
  const c: TopCtx = { g, p, design, back: design.view === 1, open: design.view === 4, rnd, bodyD: bodyPath(g) };
  const bodyD = c.bodyD;
  const s = g.sleeves ? sleeveGeo(g) : undefined;
  const hood = design.hood ? hoodGeo(g) : undefined;
  const defs = [
    `<clipPath id="clipBody"><path d="${bodyD}"/></clipPath>`,
    // Clip paths live in the user space of the element using them, so the
    // mirrored left sleeve shares the right sleeve's clip.
    s ? `<clipPath id="clipSleeve"><path d="${s.path}"/></clipPath>` : '',
    linear('turnShade', 0, 0, 1, 0, [
      [0, '#000', 0],
      [1, '#000', p.sh * 0.6],
    ]),
    linear('beltShade', 0, 0, 0, 1, [
      [0, '#fff', p.hi * 0.6],
      [0.5, '#fff', 0],
      [1, '#000', p.sh * 0.5],
    ]),
  ].join('');

  // In the three-quarter view the far sleeve tucks in behind the body.
  const farShift = g.front ? 'translate(-22 0)' : '';
  const sleeveR = s ? `<g transform="${farShift}">${drawSleeve(c, s)}</g>` : '';
  const sleeveL = s ? `<g transform="scale(-1 1)">${drawSleeve(c, s)}</g>` : '';
  const layers: string[] = [];
  layers.push(softShadow([bodyD], 0, 10));
  if (s)
    layers.push(
      `<g transform="${farShift}">${softShadow([s.path], 0, 10)}</g><g transform="scale(-1 1)">${softShadow([s.path], 0, 10)}</g>`,
    );
  if (c.back && hood) layers.push(softShadow([hood.shell], 0, 8));
  if (c.back) layers.push(sleeveR, sleeveL);
  else layers.push(sleeveL, sleeveR);
  layers.push(
    piece(bodyD, p),
    shaded('clipBody', bodyDetails(c)),
    `<path d="${bodyD}" fill="none" stroke="${p.stroke}" stroke-width="2.4" stroke-linejoin="round"/>`,
  );

  if (c.back) {
    if (hood) layers.push(hoodBack(c));
    else if (kind === 'coat') layers.push(coatBackCollar(c));
    else layers.push(standCollar(c));
  } else {
    if (kind === 'coat') layers.push(coatFront(c), beltKnot(c));
    else layers.push(frontDetails(c));
    if (hood) layers.push(hoodFront(c));
    else if (kind !== 'coat') layers.push(standCollar(c));
  }

  const top = hood ? -250 : kind === 'coat' ? -50 : -g.collarH;
  const bottom = Math.max(g.hemY + 12, s ? g.cuffY + 10 : 0);
  const half = s ? g.shX + g.sleeveOut + g.cuffW / 2 + 6 : g.hemX + 10;
  return {
    body: layers.join(''),
    defs,
    box: { x0: -half, y0: top, x1: half, y1: bottom },
    focus: [g.front, hood ? -30 : 90],
  };
}

function coatBackCollar(c: TopCtx): string {
  const { g, p } = c;
  const nw = g.nw;
  const collar = d`M${-nw - 30} 30C${-nw - 34} -10 ${-nw - 10} -48 0 -50C${nw + 10} -48 ${nw + 34} -10 ${nw + 30} 30C${nw} 46 ${-nw} 46 ${-nw - 30} 30Z`;
  return (
    softShadow([collar], 0, 5, 2, 0.5) +
    piece(collar, p, p.light) +
    `<path d="${collar}" fill="url(#volH)"/>` +
    stitch(d`M${-nw - 22} 22C${-nw} 36 ${nw} 36 ${nw + 22} 22`, p, 0.5)
  );
}

// ───────────────────────── accessories ─────────────────────────

function drawHat(design: GarmentDesign, p: Palette, rnd: () => number): Drawn {
  const v = design.variant;
  const back = design.view === 1;
  const pompon = design.view === 4 ? v % 2 === 1 : v % 2 === 0;
  const crown = d`M-186 96C-198 -60 -150 -214 0 -226C150 -214 198 -60 186 96Z`;
  const cuff = d`M-204 64C-100 82 100 82 204 64L200 178C100 198 -100 198 -200 178Z`;
  const parts: string[] = [softShadow([crown, cuff], 0, 10)];
  parts.push(piece(crown, p), `<clipPath id="clipCrown"><path d="${crown}"/></clipPath>`);
  const tex: string[] = [];
  if (v === 1) {
    // Cable knit columns.
    for (const x of [-96, 0, 96]) {
      let cable = '';
      for (let y = 80; y > -230; y -= 46)
        cable += d`M${x - 16} ${y}C${x - 16} ${y - 24} ${x + 16} ${y - 22} ${x + 16} ${y - 46}M${x + 16} ${y}C${x + 16} ${y - 18} ${x + 4} ${y - 22} ${x + 2} ${y - 24}M${x - 2} ${y - 26}C${x - 6} ${y - 30} ${x - 16} ${y - 30} ${x - 16} ${y - 46}`;
      tex.push(
        `<path d="${cable}" stroke="#000" stroke-opacity="${num(p.sh * 0.7)}" stroke-width="7" fill="none" transform="translate(1 2)"/>`,
        `<path d="${cable}" stroke="#fff" stroke-opacity="${num(p.hi * 0.7)}" stroke-width="4" fill="none"/>`,
      );
      for (const dx of [-28, 28])
        tex.push(seamLine(d`M${x + dx} 100Q${(x + dx) * 1.02} -80 ${(x + dx) * 0.3} -226`, p, 2, 0.6));
    }
  } else {
    // Fine rib: lines converging to the crown.
    let ribs = '';
    for (let x = -190; x <= 190; x += 14) ribs += d`M${x} 100Q${x * 1.04} -90 ${x * 0.12} -226`;
    tex.push(
      `<path d="${ribs}" stroke="#000" stroke-opacity="${num(p.sh * 0.45)}" stroke-width="3" fill="none"/>`,
      `<path d="${ribs}" stroke="#fff" stroke-opacity="${num(p.hi * 0.4)}" stroke-width="3" fill="none" transform="translate(6 0)"/>`,
    );
  }
  tex.push(overlay(crown, 'volR'));
  // The folded cuff throws a shadow onto the crown just above it.
  tex.push(
    `<path d="M-220 70C-100 90 100 90 220 70" stroke="#000" stroke-opacity="${num(p.sh * 0.5)}" stroke-width="16" fill="none"/>`,
  );
  parts.push(
    shaded('clipCrown', tex.join('')),
    `<path d="${crown}" fill="none" stroke="${p.stroke}" stroke-width="2.4"/>`,
  );
  parts.push(piece(cuff, p), `<clipPath id="clipCuff"><path d="${cuff}"/></clipPath>`);
  parts.push(
    shaded(
      'clipCuff',
      [
        ribStripes('M-220 126C-100 146 100 146 220 126', 130, p, 11),
        overlay(cuff, 'volH'),
        overlay(cuff, 'volV'),
        `<path d="M-220 68C-100 86 100 86 220 68" stroke="#fff" stroke-opacity="${num(p.hi * 0.6)}" stroke-width="8" fill="none"/>`,
      ].join(''),
    ),
    `<path d="${cuff}" fill="none" stroke="${p.stroke}" stroke-width="2.4"/>`,
  );
  if (!back && v >= 2) {
    // Small leather label on the cuff.
    parts.push(
      `<rect x="-30" y="108" width="60" height="30" rx="3" fill="${p.isDark ? '#8a6b4e' : '#3a2e25'}" stroke="#000" stroke-opacity="0.35"/>`,
      `<rect x="-25" y="113" width="50" height="20" rx="2" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-dasharray="3 2"/>`,
    );
  }
  if (pompon) {
    const pts: V[] = Array.from({ length: 40 }, (_, i) => {
      const a = (i / 40) * Math.PI * 2;
      const r = 74 + rnd() * 10;
      return [Math.cos(a) * r, -262 + Math.sin(a) * r * 0.92];
    });
    const ball = `M${pt(pts[0] ?? [0, 0])}${puffsThrough([...pts, pts[0] ?? [0, 0]], 5)}Z`;
    const furCol = v === 2 ? '#d8d0c4' : p.light;
    let hairs = '';
    for (let i = 0; i < 90; i++) {
      const a = rnd() * Math.PI * 2;
      const r0 = rnd() * 60;
      const c0: V = [Math.cos(a) * r0, -262 + Math.sin(a) * r0];
      hairs += d`M${pt(c0)}l${Math.cos(a) * 18} ${Math.sin(a) * 18}`;
    }
    parts.push(
      softShadow([ball], 0, 8, 2, 0.6),
      `<path d="${ball}" fill="${furCol}" stroke="${p.stroke}" stroke-width="1.6"/>`,
      `<path d="${hairs}" stroke="#fff" stroke-opacity="${num(p.hi * 0.8)}" stroke-width="2" stroke-linecap="round"/>`,
      `<path d="${hairs}" stroke="#000" stroke-opacity="${num(p.sh * 0.5)}" stroke-width="1.6" stroke-linecap="round" transform="translate(3 4)"/>`,
      `<path d="${ball}" fill="url(#volR)"/>`,
    );
  }
  return {
    body: parts.join(''),
    defs: '',
    box: { x0: -210, y0: pompon ? -345 : -230, x1: 210, y1: 200 },
    focus: [0, 60],
  };
}

interface Ribbon {
  d: string;
  /** point at t in 0..1 along the band, `off` -1..1 across it */
  at: (t: number, off: number) => V;
  samples: number;
}

/** A band of fabric along a chain of cubics, `width(t)` wide (t = 0..1 over the whole chain). */
function ribbon(segs: readonly Cubic[], width: (t: number) => number): Ribbon {
  const n = segs.length;
  const centre = (t: number): V => {
    const k = Math.min(n - 1, Math.floor(clamp(t) * n));
    const seg = segs[k];
    return seg ? cubicAt(seg, clamp(t) * n - k) : [0, 0];
  };
  const at = (t: number, off: number): V => {
    const e = 0.004;
    const tan = unit(sub(centre(Math.min(1, t + e)), centre(Math.max(0, t - e))));
    return add(centre(t), mul([-tan[1], tan[0]], off * width(t) * 0.5));
  };
  const samples = 14 * n;
  const ts = Array.from({ length: samples + 1 }, (_, i) => i / samples);
  const left = ts.map((t) => at(t, 1));
  const right = ts.map((t) => at(t, -1)).reverse();
  const dd = `M${pt(left[0] ?? [0, 0])}${smoothThrough(left)}L${pt(right[0] ?? [0, 0])}${smoothThrough(right)}Z`;
  return { d: dd, at, samples };
}

function drawScarf(design: GarmentDesign, p: Palette, rnd: () => number): Drawn {
  const v = design.variant;
  const fringe = v !== 2;
  // Front: worn "Parisian knot" loop; back view and alternate styling: simply draped.
  const knot = design.view !== 1 && design.view !== 4;
  const parts: string[] = [];
  const defs: string[] = [];
  let clipN = 0;
  const band = (segs: readonly Cubic[], width: (t: number) => number, stripesAt: readonly number[], shade = 0) => {
    const r = ribbon(segs, width);
    const wMax = Math.max(width(0), width(1), width(0.5));
    const id = `clipScarf${clipN++}`;
    defs.push(`<clipPath id="${id}"><path d="${r.d}"/></clipPath>`);
    const inner: string[] = [];
    // Knit ribs run along the length of the scarf.
    {
      const rows = Math.round(wMax / (v === 1 ? 15 : 10));
      const lines: string[] = [];
      for (let k = 1; k < rows; k++) {
        const off = -1 + (2 * k) / rows;
        const pts = Array.from({ length: r.samples + 1 }, (_, i) => r.at(i / r.samples, off));
        lines.push(`M${pt(pts[0] ?? [0, 0])}${smoothThrough(pts)}`);
      }
      inner.push(
        `<path d="${lines.join('')}" stroke="#000" stroke-opacity="${num(p.sh * 0.5)}" stroke-width="${v === 1 ? 4 : 2.6}" fill="none"/>`,
        `<path d="${lines.join('')}" stroke="#fff" stroke-opacity="${num(p.hi * 0.5)}" stroke-width="2" fill="none" transform="translate(3 0)"/>`,
      );
    }
    if (v === 3) {
      // Two contrast bands near the end, like a classic wool scarf.
      for (const t of stripesAt)
        inner.push(`<path d="M${pt(r.at(t, -1.4))}L${pt(r.at(t, 1.4))}" stroke="${p.dark}" stroke-width="16"/>`);
    }
    // Darker selvedges, lighter middle: the band reads as a soft rounded fold.
    inner.push(`<path d="${r.d}" fill="none" stroke="#000" stroke-opacity="${num(p.sh * 0.55)}" stroke-width="26"/>`);
    inner.push(`<path d="${r.d}" fill="none" stroke="#000" stroke-opacity="${num(p.sh * 0.4)}" stroke-width="10"/>`);
    const mid = Array.from({ length: r.samples + 1 }, (_, i) => r.at(i / r.samples, -0.15));
    inner.push(
      `<path d="M${pt(mid[0] ?? [0, 0])}${smoothThrough(mid)}" fill="none" stroke="#fff" stroke-opacity="${num(p.hi * 0.5)}" stroke-width="${num(wMax * 0.3)}"/>`,
    );
    if (shade) inner.push(`<path d="${r.d}" fill="#000" fill-opacity="${num(shade)}"/>`);
    parts.push(
      softShadow([r.d], 0, 6, 0.8),
      piece(r.d, p),
      shaded(id, inner.join('')),
      `<path d="${r.d}" fill="none" stroke="${p.stroke}" stroke-width="2.2"/>`,
    );
    return r;
  };
  const fringeAt = (a: V, b: V, dir: V) => {
    if (!fringe) return;
    let f = '';
    for (let i = 0; i <= 18; i++) {
      const q: V = [lerp(a[0], b[0], i / 18), lerp(a[1], b[1], i / 18)];
      f += d`M${pt(q)}l${dir[0] * 44 + (rnd() - 0.5) * 8} ${dir[1] * 44 + rnd() * 10}`;
    }
    parts.push(
      `<path d="${f}" stroke="${p.stroke}" stroke-width="6" stroke-linecap="round"/><path d="${f}" stroke="${p.base}" stroke-width="3.8" stroke-linecap="round"/>`,
    );
  };
  // Inside of the loop, in shadow, seen through the ring.
  if (knot) parts.push(`<ellipse cx="0" cy="-236" rx="104" ry="74" fill="url(#lining)"/>`);
  if (knot) {
    // Back of the loop (the part that goes behind the neck), in its own shade.
    band(
      [
        [
          [-118, -232],
          [-116, -338],
          [116, -338],
          [118, -232],
        ],
      ],
      () => 60,
      [],
      p.sh * 0.35,
    );
    const tails: Array<[Cubic, number]> = [
      [
        [
          [-26, -190],
          [-40, 20],
          [-92, 200],
          [-78, 400],
        ],
        0.02,
      ],
      [
        [
          [22, -190],
          [44, 0],
          [84, 170],
          [70, 320],
        ],
        0,
      ],
    ];
    for (const [c, sh] of tails) {
      const end = c[3];
      fringeAt(add(end, [-64, 0]), add(end, [64, 0]), [0, 1]);
      band([c], (t) => lerp(118, 134, t), [0.8, 0.86], sh * p.sh);
    }
    for (const s of [-1, 1]) {
      band(
        [
          [
            [s * 118, -246],
            [s * 126, -172],
            [s * 66, -148],
            [s * 16, -168],
          ],
        ],
        (t) => lerp(62, 84, t),
        [],
      );
    }
    // The knot where the tails are pulled through the loop.
    const k = d`M-72 -200C-82 -158 -52 -118 -8 -112C42 -108 80 -142 72 -198C42 -216 -40 -218 -72 -200Z`;
    parts.push(softShadow([k], 0, 8, 2, 0.6), piece(k, p), `<path d="${k}" fill="url(#volR)"/>`);
    // Diagonal folds where the fabric wraps round itself.
    for (const fold of [d`M-52 -196Q-20 -170 -36 -126`, d`M8 -204Q30 -168 20 -116`, d`M46 -200Q62 -172 58 -140`])
      parts.push(
        `<path d="${fold}" stroke="#000" stroke-opacity="${num(p.sh * 0.7)}" stroke-width="6" fill="none"/>`,
        seamLine(fold, p, 1.6, 0.6),
      );
  } else {
    // Simply draped, as if over a hanger: one band from the left end, over the
    // top and down to the right end, narrower where it bunches up on top.
    const longer = design.view === 4 ? 60 : 0;
    const segs: Cubic[] = [
      [
        [-104, 330],
        [-112, 100],
        [-130, -130],
        [-112, -286],
      ],
      [
        [-112, -286],
        [-100, -360],
        [100, -360],
        [112, -286],
      ],
      [
        [112, -286],
        [130, -130],
        [112, 100],
        [104, 330 + longer],
      ],
    ];
    const width = (t: number) => 72 + 56 * smoothstep(Math.abs(2 * t - 1));
    const r = ribbon(segs, width);
    fringeAt(r.at(0, -1), r.at(0, 1), [0, 1]);
    fringeAt(r.at(1, 1), r.at(1, -1), [0, 1]);
    band(segs, width, [0.14, 0.2, 0.8, 0.86]);
  }
  return {
    body: parts.join(''),
    defs: defs.join(''),
    box: { x0: -200, y0: -380, x1: 200, y1: knot ? 450 : 440 },
    focus: [0, -200],
  };
}

function glove(p: Palette, palm: boolean, knit: boolean, id: string): string {
  const fingers: Array<[V, V, number]> = [
    [[-56, -64], [-62, -196], 42],
    [[-12, -70], [-12, -226], 44],
    [[32, -68], [37, -208], 42],
    [[72, -56], [83, -150], 36],
  ];
  const thumb: [V, V, number] = [[-70, 34], [-126, -48], 46];
  // Counter-clockwise like the capsules, so one compound path unions cleanly
  // (opposite windings would cancel and punch holes under the nonzero rule).
  const palmD = d`M-86 -84C-94 -20 -90 60 -78 116L78 116C88 60 94 -20 86 -90C40 -108 -40 -104 -86 -84Z`;
  const cuffD = knit ? d`M-80 108L80 108L86 238Q0 250 -86 238Z` : d`M-80 108L80 108L90 196Q0 208 -90 196Z`;
  const fingerDs = fingers.map(([a, b, w]) => capsule(a, b, w));
  const thumbD = capsule(thumb[0], thumb[1], thumb[2]);
  const union = [...fingerDs, thumbD, palmD].join('');
  const hand: string[] = [];
  for (const fd of [...fingerDs, thumbD]) hand.push(`<path d="${fd}" fill="url(#volS)"/>`);
  // Knuckle line: the palm is painted over the finger bases.
  hand.push(`<path d="${palmD}" fill="${p.base}"/>`, overlay(palmD, 'volH'), overlay(palmD, 'volV'));
  hand.push(
    `<path d="${d`M-88 -82C-40 -100 40 -104 88 -88`}" stroke="#000" stroke-opacity="${num(p.sh * 0.25)}" stroke-width="10" fill="none"/>`,
  );
  // Creases between the fingers.
  for (const x of [-34, 10, 52])
    hand.push(
      `<path d="${d`M${x} -80Q${x + 2} -98 ${x + 1} -118`}" stroke="#000" stroke-opacity="${num(p.sh * 0.8)}" stroke-width="3" fill="none"/>`,
    );
  if (!palm && !knit) {
    // Three stitched "points" on the back of a leather glove.
    for (const x of [-36, 10, 52]) hand.push(stitch(d`M${x} -70Q${x * 0.7} 0 ${x * 0.5} 60`, p, 0.8));
  }
  if (palm) hand.push(seamLine(d`M-60 40Q0 10 60 30`, p, 1.6, 0.6), seamLine(d`M-50 -20Q0 -40 50 -30`, p, 1.4, 0.5));
  if (knit)
    hand.push(
      ribStripes(d`M-120 -40H120`, 360, p, 7).replace(
        /stroke-opacity="([\d.]+)"/g,
        (_, o: string) => `stroke-opacity="${num(Number(o) * 0.35)}"`,
      ),
    );
  return [
    softShadow([union, cuffD], 0, 8, 1, 0.6),
    // Outline pass under the fill pass = one clean outline around the union of parts.
    `<path d="${union}" fill="${p.base}" stroke="${p.stroke}" stroke-width="4.8" stroke-linejoin="round"/>`,
    `<clipPath id="${id}"><path d="${union}"/></clipPath>`,
    shaded(id, hand.join('')),
    piece(cuffD, p),
    `<clipPath id="${id}c"><path d="${cuffD}"/></clipPath>`,
    shaded(
      `${id}c`,
      [
        knit ? ribStripes('M-100 172H100', 150, p, 9) : stitch('M-92 120H92', p, 0.7),
        overlay(cuffD, 'volH'),
        `<path d="M-100 110H100" stroke="#000" stroke-opacity="${num(p.sh * 0.6)}" stroke-width="8"/>`,
      ].join(''),
    ),
    `<path d="${cuffD}" fill="none" stroke="${p.stroke}" stroke-width="2.2"/>`,
  ].join('');
}

function drawGloves(design: GarmentDesign, p: Palette): Drawn {
  const knit = design.variant % 2 === 0;
  const palm = design.view === 1;
  const alt = design.view === 4;
  // Pair: mirrored left glove, both slightly splayed; the alternate view overlaps them.
  const left = alt ? 'translate(-70 -30) rotate(-16) scale(-1 1)' : 'translate(-136 0) rotate(-6) scale(-1 1)';
  const right = alt ? 'translate(74 30) rotate(12)' : 'translate(136 10) rotate(6)';
  return {
    body: `<g transform="${left}">${glove(p, palm, knit, 'clipGloveL')}</g><g transform="${right}">${glove(p, palm, knit, 'clipGloveR')}</g>`,
    defs: '',
    box: { x0: -270, y0: -262, x1: 270, y1: 262 },
    focus: [136, -60],
  };
}

// ───────────────────────── placement & public API ─────────────────────────

/** Scale and move the local drawing onto the canvas; the view picks the framing. */
function placement(
  box: Drawn['box'],
  focus: V,
  view: GarmentView,
  accessory: boolean,
): { transform: string; floor?: { cx: number; cy: number; rx: number } } {
  const bw = box.x1 - box.x0;
  const bh = box.y1 - box.y0;
  const maxW = accessory ? 600 : 700;
  const maxH = accessory ? 860 : 1060;
  const s = Math.min(accessory ? 1.25 : 1.12, maxW / bw, maxH / bh);
  const cx = W / 2;
  const cy = H * 0.48;
  const mx = (box.x0 + box.x1) / 2;
  const my = (box.y0 + box.y1) / 2;
  if (view === 3) {
    // Detail: zoom in on the collar / upper chest.
    const z = accessory ? 1.9 : 2.2;
    return {
      transform: `translate(${num(cx)} ${num(H * 0.5)}) scale(${num(s * z)}) translate(${num(-focus[0])} ${num(-focus[1])})`,
    };
  }
  const floorY = cy + (box.y1 - my) * s + 26;
  const floor = { cx, cy: floorY, rx: bw * s * 0.42 };
  if (view === 2) {
    // Three-quarter: narrower and slightly skewed as if turned towards the right.
    return {
      transform: `translate(${num(cx)} ${num(cy)}) scale(${num(s * 0.9)} ${num(s)}) skewY(-2.5) translate(${num(-mx)} ${num(-my)})`,
      floor,
    };
  }
  return {
    transform: `translate(${num(cx)} ${num(cy)}) scale(${num(s)}) translate(${num(-mx)} ${num(-my)})`,
    floor,
  };
}

const KINDS: readonly GarmentKind[] = ['down-jacket', 'parka', 'coat', 'jacket', 'vest', 'hat', 'scarf', 'gloves'];

/** Canonical form of a design: lower-case #rrggbb, view 0..4, variant 0..3. Throws on an unknown kind or bad colour. */
function normalize(design: GarmentDesign): GarmentDesign {
  if (!KINDS.includes(design.kind)) throw new Error(`unknown garment kind ${JSON.stringify(design.kind)}`);
  const v = Number.isFinite(design.variant) ? Math.trunc(design.variant) : 0;
  return {
    kind: design.kind,
    colorHex: toHex(parseHex(design.colorHex)),
    view: ([0, 1, 2, 3, 4] as const).includes(design.view) ? design.view : 0,
    hood: Boolean(design.hood),
    length: design.length === 'short' || design.length === 'long' ? design.length : 'mid',
    variant: ((v % 4) + 4) % 4,
  };
}

/** Pure and deterministic: the same design always yields the same string. */
export function garmentSvg(design: GarmentDesign): string {
  const des = normalize(design);
  const p = palette(des.colorHex);
  const rnd = prng(fnv1a(designKey(des)));
  const accessory = des.kind === 'hat' || des.kind === 'scarf' || des.kind === 'gloves';
  const drawn =
    des.kind === 'hat'
      ? drawHat(des, p, rnd)
      : des.kind === 'scarf'
        ? drawScarf(des, p, rnd)
        : des.kind === 'gloves'
          ? drawGloves(des, p)
          : drawTop(des, p, rnd);
  const place = placement(drawn.box, drawn.focus, des.view, accessory);
  const floor = place.floor
    ? `<ellipse cx="${num(place.floor.cx)}" cy="${num(place.floor.cy)}" rx="${num(place.floor.rx)}" ry="26" fill="url(#floor)"/>`
    : '';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`,
    `<defs>${sharedDefs(p)}${drawn.defs}</defs>`,
    `<rect width="${W}" height="${H}" fill="url(#bg)"/><rect width="${W}" height="${H}" fill="url(#vignette)"/>`,
    floor,
    `<g transform="${place.transform}">${drawn.body}</g>`,
    '</svg>',
  ].join('');
}

const DESIGN_KEY = new RegExp(`^(${KINDS.join('|')})-([0-9a-f]{6})-v([0-4])-h([01])-(short|mid|long)-([0-3])$`);

/** The design a key names (`designKey`'s inverse), or null when the name is not a design key. */
export function parseDesignKey(key: string): GarmentDesign | null {
  const m = DESIGN_KEY.exec(key);
  if (!m) return null;
  return {
    kind: m[1] as GarmentKind,
    colorHex: `#${m[2]}`,
    view: Number(m[3]) as GarmentView,
    hood: m[4] === '1',
    length: m[5] as GarmentDesign['length'],
    variant: Number(m[6]),
  };
}

/** Short, stable, file-name-safe key, e.g. `down-jacket-1a2b3c-v0-h1-long-2`. */
export function designKey(design: GarmentDesign): string {
  const n = normalize(design);
  return `${n.kind}-${n.colorHex.slice(1)}-v${n.view}-h${n.hood ? 1 : 0}-${n.length}-${n.variant}`;
}

/**
 * sharp's libvips is built on the mozjpeg library. When it is, use its tuned
 * quantisation table and optimised Huffman coding; the full `mozjpeg: true`
 * preset adds trellis quantisation, which shrinks files by another ~15% but
 * makes encoding ~4x slower (60 ms vs 14 ms per image here), too slow for
 * seeding a catalogue.
 */
const hasMozjpeg = Boolean((sharp.versions as Record<string, string | undefined>).mozjpeg);
const JPEG_OPTIONS: JpegOptions = hasMozjpeg
  ? { quality: 82, quantisationTable: 3, optimiseCoding: true }
  : { quality: 82, optimiseCoding: true };

/** One design as a JPEG of exactly SOURCE_WIDTH x SOURCE_HEIGHT. */
export function garmentJpeg(design: GarmentDesign): Promise<Buffer> {
  // The SVG is exactly SOURCE_WIDTH x SOURCE_HEIGHT at 72 dpi, so no resize is needed.
  return sharp(Buffer.from(garmentSvg(design)), { density: 72 })
    .flatten({ background: BG })
    .jpeg(JPEG_OPTIONS)
    .toBuffer();
}
