/** Tiny helpers for the flat SVG illustrations that ship with the demo seed. */

export const FONT = 'Segoe UI,Roboto,Helvetica,Arial,sans-serif';

export const esc = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function svgDoc(width: number, height: number, title: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${esc(title)}" font-family="${FONT}"><title>${esc(title)}</title>${body}</svg>\n`;
}

/** The colours one illustration is drawn in: the item itself, a contrasting accent, a shade and a highlight. */
export interface Palette {
  item: string;
  accent: string;
  dark: string;
  light: string;
}

/** Draws one item inside a 200 × 160 box, resting on y = 150. */
export type Glyph = (p: Palette) => string;

export interface Art {
  draw: Glyph;
  colors: Palette;
  /** Accent colours for the product variants (a different label or trim on each). */
  accents: readonly string[];
}

export const art = (draw: Glyph, colors: Palette, accents: readonly string[] = [colors.accent]): Art => ({
  draw, colors, accents,
});

/** A rounded label pill with centred text. */
export function pill(x: number, y: number, label: string, fill: string, color = '#fff', size = 15): string {
  const width = Math.round(label.length * size * 0.56 + 26);
  return `<rect x="${x}" y="${y}" width="${width}" height="${size + 13}" rx="${(size + 13) / 2}" fill="${fill}"/>`
    + `<text x="${x + width / 2}" y="${y + size + 3}" font-size="${size}" font-weight="600" fill="${color}" text-anchor="middle">${esc(label)}</text>`;
}

/** Repeats a snippet n times, with the index passed in. */
export const times = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i)).join('');
