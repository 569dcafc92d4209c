/**
 * A page of its own for what the shop answers outside the React pages (a refused form post, a fault): a heading,
 * a sentence and a way back, in the shop's plain style. `text` and `footer` are the shop's own words, not input.
 */
export function messagePage(title: string, text: string, footer = ''): string {
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title><style>body{font:16px/1.5 system-ui,sans-serif;color:#161616;max-width:560px;margin:15vh auto;padding:0 24px}h1{font-size:28px;font-weight:600}a{color:#161616}small{color:#6b6b6b}</style></head><body><h1>${title}</h1><p>${text}</p>${footer}</body></html>`;
}
