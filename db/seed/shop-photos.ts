import sharp from 'sharp';

/**
 * Deterministic shop "photos" for the demo: a shop front with its sign and an interior with rails of coats, drawn as
 * SVG and rendered by sharp to 1200x800 JPEGs (3:2, the shop pages' photo shape). Same input, same bytes: the image
 * route renders each on its first request (`server/images/demo-sources.ts`).
 */
export const SHOP_PHOTO_WIDTH = 1200;
export const SHOP_PHOTO_HEIGHT = 800;

const COAT_COLOURS = ['#1d1d1f', '#56613b', '#8a1c24', '#d5c2a4', '#2f3e56', '#9b6a3c', '#e8e4dc', '#5b4a6e'];

const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A coat on a hanger at (x, y), `w` wide: a rounded body with sleeves and a seam, in `colour`. */
function coat(x: number, y: number, w: number, colour: string): string {
  const h = w * 2.1;
  return `<g transform="translate(${x} ${y})">
    <path d="M0 -18 q0 -10 8 -10" stroke="#8d8a84" stroke-width="3" fill="none"/>
    <path d="M${-w * 0.5} 0 L${w * 0.5} 0 L${w * 0.62} ${h * 0.55} L${w * 0.5} ${h} L${-w * 0.5} ${h} L${-w * 0.62} ${h * 0.55} Z" fill="${colour}"/>
    <path d="M${-w * 0.5} 4 L${-w * 0.72} ${h * 0.62} L${-w * 0.6} ${h * 0.64} Z" fill="${colour}" opacity="0.85"/>
    <path d="M${w * 0.5} 4 L${w * 0.72} ${h * 0.62} L${w * 0.6} ${h * 0.64} Z" fill="${colour}" opacity="0.85"/>
    <line x1="0" y1="6" x2="0" y2="${h}" stroke="#000" stroke-opacity="0.18" stroke-width="2"/>
    ${[0.25, 0.45, 0.65, 0.85].map((k) => `<line x1="${-w * 0.55}" y1="${h * k}" x2="${w * 0.55}" y2="${h * k}" stroke="#fff" stroke-opacity="0.12" stroke-width="2"/>`).join('')}
  </g>`;
}

/** A rail with `n` coats between x0 and x1 at height y. */
function rail(x0: number, x1: number, y: number, n: number, shift: number): string {
  const step = (x1 - x0) / n;
  const coats = Array.from({ length: n }, (_, i) =>
    coat(x0 + step * (i + 0.5), y + 30, step * 0.8, COAT_COLOURS[(i + shift) % COAT_COLOURS.length] as string),
  ).join('');
  return `<rect x="${x0 - 20}" y="${y}" width="${x1 - x0 + 40}" height="6" rx="3" fill="#9a968f"/>${coats}`;
}

/** The shop front in a mall: glass, the sign with the brand and the mall's name, mannequins in the window. */
export function shopFrontSvg(mall: string, variant: number): string {
  const wall = ['#e9e5df', '#dfe3e6', '#ece6dc'][variant % 3];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SHOP_PHOTO_WIDTH}" height="${SHOP_PHOTO_HEIGHT}" viewBox="0 0 1200 800">
  <defs>
    <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#cfc9c0"/><stop offset="1" stop-color="#a9a299"/></linearGradient>
    <linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f7f5f1"/><stop offset="1" stop-color="#e4e0d9"/></linearGradient>
  </defs>
  <rect width="1200" height="800" fill="${wall}"/>
  <rect y="640" width="1200" height="160" fill="url(#floor)"/>
  <rect x="120" y="90" width="960" height="110" fill="#1d1d1f"/>
  <text x="600" y="165" font-family="DejaVu Sans, sans-serif" font-size="64" letter-spacing="28" fill="#fff" text-anchor="middle">ВЬЮГА</text>
  <rect x="120" y="200" width="960" height="440" fill="url(#glass)" stroke="#1d1d1f" stroke-width="8"/>
  <line x1="600" y1="200" x2="600" y2="640" stroke="#1d1d1f" stroke-width="6"/>
  ${rail(170, 560, 300, 4, variant)}
  ${rail(650, 1040, 300, 4, variant + 3)}
  <rect x="0" y="730" width="1200" height="70" fill="#000" opacity="0.08"/>
  <text x="600" y="775" font-family="DejaVu Sans, sans-serif" font-size="30" fill="#3b3a38" text-anchor="middle">${xmlText(mall)}</text>
</svg>`;
}

/** Inside the shop: two rails of coats, a mirror and the fitting rooms' curtains. */
export function shopInteriorSvg(variant: number): string {
  const wall = ['#f1eee9', '#eceae5', '#f3efe8'][variant % 3];
  const curtain = ['#8c8579', '#56613b', '#2f3e56'][variant % 3];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SHOP_PHOTO_WIDTH}" height="${SHOP_PHOTO_HEIGHT}" viewBox="0 0 1200 800">
  <rect width="1200" height="800" fill="${wall}"/>
  <polygon points="0,620 1200,620 1200,800 0,800" fill="#b9b1a6"/>
  <rect x="0" y="0" width="1200" height="40" fill="#fff" opacity="0.6"/>
  ${[150, 450, 750, 1050].map((x) => `<circle cx="${x}" cy="22" r="10" fill="#fffbe8"/>`).join('')}
  ${rail(60, 620, 170, 7, variant)}
  ${rail(60, 620, 400, 7, variant + 4)}
  <rect x="690" y="130" width="170" height="470" rx="8" fill="#d9e0e3" stroke="#9a968f" stroke-width="6"/>
  <rect x="900" y="110" width="240" height="510" fill="${curtain}"/>
  ${[930, 980, 1030, 1080, 1110].map((x) => `<line x1="${x}" y1="110" x2="${x}" y2="620" stroke="#000" stroke-opacity="0.15" stroke-width="4"/>`).join('')}
  <rect x="890" y="100" width="260" height="10" fill="#6f6b64"/>
</svg>`;
}

/** A shop's photo files (under the images' source folder), front first. */
export function shopPhotoFiles(code: string): [front: string, inside: string] {
  return [`${code}-front.jpg`, `${code}-inside.jpg`];
}

const SHOP_PHOTO_FILE = /^(shop-[a-z0-9-]+)-(front|inside)$/;

/** Which shop and which photo a file name (without `.jpg`) is, or null when it is not a shop photo's. */
export function parseShopPhotoFile(name: string): { code: string; side: 'front' | 'inside' } | null {
  const m = SHOP_PHOTO_FILE.exec(name);
  return m ? { code: m[1] as string, side: m[2] as 'front' | 'inside' } : null;
}

/** One shop photo as a JPEG; `variant` is the shop's place among the shops (its store id less one in the demo). */
export function shopPhotoJpeg(side: 'front' | 'inside', shopName: string, variant: number): Promise<Buffer> {
  const svg = side === 'front' ? shopFrontSvg(shopName, variant) : shopInteriorSvg(variant);
  return sharp(Buffer.from(svg), { density: 72 }).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
}
