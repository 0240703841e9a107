import { esc, pill, svgDoc, times, type Art } from './svg.ts';

/** Lays the item drawings out as category cards, product photos, project scenes, avatars and shopfronts. */

const TINTS = ['#fdf0d5', '#e3f2fd', '#e8f5e9', '#fce4ec', '#ede7f6', '#fff3e0', '#e0f7fa', '#f1f8e9'] as const;
const tint = (n: number) => TINTS[((n % TINTS.length) + TINTS.length) % TINTS.length] as string;
const INK = '#1f2d3a';

const place = (a: Art, x: number, y: number, scale = 1, accent = a.colors.accent, extra = '') =>
  `<g transform="translate(${x} ${y}) scale(${scale})"${extra}>${a.draw({ ...a.colors, accent })}</g>`;

const shadow = (cx: number, cy: number, rx: number) => `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="9" fill="${INK}" opacity=".12"/>`;

export function categoryCard(a: Art, name: string, index: number): string {
  return svgDoc(320, 240, name,
    `<rect width="320" height="240" fill="${tint(index)}"/><circle cx="160" cy="106" r="92" fill="#fff" opacity=".6"/>${shadow(160, 180, 90)}${place(a, 60, 24)}`
    + `<rect y="196" width="320" height="44" fill="${INK}" opacity=".88"/><text x="160" y="224" font-size="19" font-weight="600" fill="#fff" text-anchor="middle">${esc(name)}</text>`);
}

/** Four looks at the same kind of item, so a product gallery has something to flip through. */
export function productPhoto(a: Art, name: string, index: number, variant: number): string {
  const accent = a.accents[(variant - 1) % a.accents.length] ?? a.colors.accent;
  const bg = `<rect width="320" height="240" fill="${tint(index + variant * 3)}"/>`;
  let body: string;
  switch (variant) {
    case 1:
      body = `<circle cx="160" cy="112" r="96" fill="#fff" opacity=".6"/>${shadow(160, 186, 92)}${place(a, 60, 32, 1, accent)}`;
      break;
    case 2:
      body = `<path d="M0 176L320 96V240H0Z" fill="#fff" opacity=".55"/>${shadow(150, 196, 96)}${place(a, 40, 32, 1.05, accent)}`;
      break;
    case 3:
      body = `${place(a, 150, 34, 0.72, accent, ' opacity=".55"')}${shadow(130, 194, 84)}${place(a, 30, 52, 0.92, accent)}`;
      break;
    default:
      body = `<circle cx="250" cy="60" r="70" fill="#fff" opacity=".5"/>${place(a, -20, -40, 1.7, accent)}`;
  }
  return svgDoc(320, 240, `${name}, view ${variant}`, `${bg}${body}${pill(12, 200, name, INK, '#fff', 13)}`);
}

const SCENES = [
  `<rect width="320" height="240" fill="#cfe8f7"/><circle cx="272" cy="44" r="22" fill="#ffd54f"/><path d="M18 190V120L58 92L98 120V190Z" fill="#fff" opacity=".8"/><rect x="48" y="150" width="20" height="40" fill="#90a4ae"/><rect y="190" width="320" height="50" fill="#a5d6a7"/>`,
  `<rect width="320" height="240" fill="#f3e9dc"/><rect x="26" y="40" width="70" height="80" rx="3" fill="#cfe8f7" stroke="#fff" stroke-width="6"/><rect y="186" width="320" height="54" fill="#d7b899"/>${times(6, (i) => `<path d="M${i * 60} 186L${i * 60 - 30} 240" stroke="#b08d6b" stroke-width="2"/>`)}`,
  `<rect width="320" height="240" fill="#ffe0b2"/><circle cx="60" cy="70" r="26" fill="#ffb74d"/>${times(7, (i) => `<rect x="${i * 48}" y="${110 - ((i * 37) % 50)}" width="40" height="${90 + ((i * 37) % 50)}" fill="#a1887f" opacity=".45"/>`)}<rect y="196" width="320" height="44" fill="#bcaaa4"/>`,
] as const;

export function projectScene(a: Art, trade: string, variant: number): string {
  const scene = SCENES[(variant - 1) % SCENES.length] ?? '';
  const x = variant === 1 ? 120 : variant === 2 ? 130 : 90;
  return svgDoc(320, 240, `${trade} project ${variant}`,
    `${scene}${shadow(x + 84, 206, 80)}${place(a, x, 72, 0.84)}${pill(12, 12, trade, INK, '#fff', 13)}`);
}

const SKIN = ['#8d5524', '#c68642', '#e0ac69', '#a0522d', '#b5773b', '#7a4a2a'] as const;
const SHIRTS = ['#1f6fb2', '#2e8b57', '#c0392b', '#6a4c93', '#e67e22', '#37474f'] as const;
const HATS = ['#f2b705', '#fafafa', '#ff7f11'] as const;
const AVATAR_BG = ['#e3f2fd', '#fff3e0', '#e8f5e9', '#fce4ec', '#ede7f6', '#e0f7fa'] as const;

/** A friendly head-and-shoulders figure; every third one wears a hard hat. */
export function professionalAvatar(n: number): string {
  const skin = SKIN[n % SKIN.length] as string;
  const shirt = SHIRTS[(n * 5) % SHIRTS.length] as string;
  const bg = AVATAR_BG[(n * 7) % AVATAR_BG.length] as string;
  const longHair = n % 4 === 1;
  const hat = HATS[Math.floor(n / 3) % HATS.length] as string;
  const head = n % 3 === 0
    ? `<path d="M48 62A32 30 0 0 1 112 62Z" fill="${hat}"/><rect x="42" y="59" width="76" height="8" rx="4" fill="${hat}"/><rect x="75" y="34" width="10" height="24" rx="4" fill="#fff" opacity=".35"/>`
    : longHair
      ? `<path d="M50 70Q48 30 80 30Q112 30 110 70V104H98V60H62V104H50Z" fill="#2b1d14"/>`
      : `<path d="M52 66Q50 34 80 34Q110 34 108 66Q100 48 80 50Q60 48 52 66Z" fill="#2b1d14"/>`;
  return svgDoc(160, 160, 'Professional',
    `<clipPath id="round"><circle cx="80" cy="80" r="80"/></clipPath><g clip-path="url(#round)"><rect width="160" height="160" fill="${bg}"/><path d="M26 160Q28 112 80 108Q132 112 134 160Z" fill="${shirt}"/><path d="M66 108L80 126L94 108Z" fill="#fff" opacity=".85"/><rect x="70" y="90" width="20" height="20" fill="${skin}"/><ellipse cx="80" cy="70" rx="28" ry="31" fill="${skin}"/>${head}<circle cx="70" cy="74" r="3" fill="#2b1d14"/><circle cx="90" cy="74" r="3" fill="#2b1d14"/><path d="M71 86Q80 93 89 86" stroke="#2b1d14" stroke-width="2.5" fill="none" stroke-linecap="round"/></g>`);
}

const AWNINGS = ['#c0392b', '#1f6fb2', '#2e8b57', '#e67e22', '#6a4c93', '#00796b', '#d35400', '#34495e'] as const;

export function storefront(n: number): string {
  const color = AWNINGS[n % AWNINGS.length] as string;
  return svgDoc(160, 160, 'Shop front',
    `<rect width="160" height="160" rx="80" fill="${tint(n)}"/><rect x="30" y="50" width="100" height="84" fill="#fff"/><rect x="36" y="34" width="88" height="18" rx="3" fill="${INK}"/><rect x="48" y="41" width="64" height="4" rx="2" fill="#fff" opacity=".7"/>`
    + times(5, (i) => `<path d="M${30 + i * 20} 52h20v14a10 10 0 0 1-20 0Z" fill="${i % 2 ? '#fff' : color}"/>`)
    + `<rect x="40" y="82" width="40" height="30" fill="#cfe8f7"/><rect x="92" y="82" width="28" height="52" fill="${color}" opacity=".85"/><circle cx="114" cy="110" r="2.5" fill="#fff"/><rect x="24" y="134" width="112" height="6" rx="3" fill="${INK}" opacity=".25"/>`);
}

export function hero(): string {
  const buildings = times(12, (i) => `<rect x="${i * 100 + ((i * 17) % 30)}" y="${250 - ((i * 53) % 110)}" width="${70 + ((i * 29) % 30)}" height="${200 + ((i * 53) % 110)}" fill="#b0c4d4" opacity=".6"/>`);
  const frame = `<path d="${times(6, (c) => `M${680 + c * 56} 200V408`)}${times(5, (r) => `M680 ${200 + r * 52}H960`)}" stroke="#5d4037" stroke-width="6"/>`;
  return svgDoc(1200, 480, 'Homes and buildings under construction',
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff3e0"/><stop offset="1" stop-color="#ffe0b2"/></linearGradient></defs><rect width="1200" height="480" fill="url(#sky)"/><circle cx="1110" cy="96" r="48" fill="#ffb74d"/>${buildings}`
    + `<path d="M900 420V60M900 70H560M620 70V160M900 70H990M900 110L950 70" stroke="#f2b705" stroke-width="12"/><rect x="600" y="160" width="40" height="24" fill="#5d4037"/><rect x="960" y="70" width="36" height="36" fill="#5d4037"/>`
    + `${frame}<rect x="670" y="408" width="300" height="12" fill="#5d4037"/>`
    + `<path d="M140 300L300 190L460 300Z" fill="#c0392b"/><rect x="170" y="300" width="260" height="120" fill="#fff8e1"/><rect x="280" y="340" width="44" height="80" fill="#8d6e63"/><rect x="200" y="330" width="56" height="44" fill="#cfe8f7"/><rect x="350" y="330" width="56" height="44" fill="#cfe8f7"/>`
    + `<circle cx="520" cy="370" r="34" fill="#66bb6a"/><rect x="515" y="390" width="10" height="30" fill="#6d4c41"/><circle cx="90" cy="380" r="28" fill="#81c784"/><rect x="0" y="420" width="1200" height="60" fill="#a1887f"/><rect x="0" y="420" width="1200" height="8" fill="#8d6e63"/>`);
}

export function placeholder(): string {
  return svgDoc(320, 240, 'No image',
    `<rect width="320" height="240" fill="#eceff1"/><rect x="110" y="70" width="100" height="80" rx="8" fill="none" stroke="#b0bec5" stroke-width="6"/><circle cx="138" cy="96" r="9" fill="#b0bec5"/><path d="M116 144L146 112L166 130L178 118L204 144Z" fill="#b0bec5"/>`);
}
