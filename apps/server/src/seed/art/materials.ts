import type { MaterialCategoryName } from '@nirmaan/shared';
import { art, times, type Art } from './svg.ts';

/** One flat drawing per material category, in the colours of the thing itself. */
export const MATERIAL_ART: Record<MaterialCategoryName, Art> = {
  Cement: art((p) => `<path d="M48 38Q100 26 152 38L160 142Q100 154 40 142Z" fill="${p.item}"/><path d="M48 38Q100 26 152 38L153 50Q100 38 47 50Z" fill="${p.dark}" opacity=".3"/><path d="M52 46Q100 34 148 46" stroke="${p.dark}" stroke-width="2" stroke-dasharray="3 4" fill="none"/><rect x="58" y="74" width="84" height="38" rx="5" fill="${p.accent}"/><text x="100" y="99" font-size="17" font-weight="700" fill="#fff" text-anchor="middle">50 KG</text><path d="M62 126H138" stroke="${p.light}" stroke-width="4" stroke-linecap="round"/>`,
    { item: '#b8bcc4', accent: '#e0a21b', dark: '#4b5058', light: '#e4e7eb' }, ['#e0a21b', '#c0392b', '#1f6fb2', '#2e8b57']),
  Steel: art((p) => times(6, (i) => `<rect x="18" y="${44 + i * 15}" width="166" height="11" rx="5.5" fill="${p.item}"/><path d="M26 ${49.5 + i * 15}H176" stroke="${p.dark}" stroke-width="11" stroke-dasharray="2 5" opacity=".35"/><circle cx="178" cy="${49.5 + i * 15}" r="5" fill="${p.light}"/>`)
    + `<rect x="58" y="38" width="9" height="100" rx="2" fill="${p.accent}"/><rect x="132" y="38" width="9" height="100" rx="2" fill="${p.accent}"/>`,
  { item: '#5d6b76', accent: '#c0392b', dark: '#222b31', light: '#aab6bf' }, ['#c0392b', '#1f6fb2', '#e0a21b', '#2e8b57']),
  Bricks: art((p) => `<rect x="26" y="46" width="148" height="98" fill="${p.light}"/>` + times(4, (r) => times(5, (c) => {
    const x0 = 26 + c * 50 - (r % 2 ? 25 : 0);
    const left = Math.max(x0, 26);
    const right = Math.min(x0 + 46, 174);
    return right - left > 4 ? `<rect x="${left}" y="${48 + r * 24}" width="${right - left}" height="20" rx="2" fill="${(r + c) % 3 === 0 ? p.dark : p.item}"/>` : '';
  })), { item: '#b4472e', accent: '#7a2a1a', dark: '#8e3622', light: '#e8d9c8' }, ['#7a2a1a']),
  Sand: art((p) => `<path d="M14 146Q54 58 100 52Q146 58 186 146Z" fill="${p.item}"/><path d="M60 146Q80 90 100 80Q116 84 132 146Z" fill="${p.light}" opacity=".5"/>`
    + times(14, (i) => `<circle cx="${40 + ((i * 37) % 120)}" cy="${90 + ((i * 23) % 50)}" r="1.8" fill="${p.dark}"/>`)
    + `<path d="M150 40L128 104" stroke="${p.accent}" stroke-width="6" stroke-linecap="round"/><path d="M118 98L138 106L132 128L112 120Z" fill="#8a959e"/>`,
  { item: '#e2b86b', accent: '#7b4a21', dark: '#a97c36', light: '#f6dfa8' }),
  Aggregates: art((p) => times(16, (i) => {
    const x = 36 + ((i * 29) % 128);
    const y = 140 - Math.floor(i / 4) * 20 - ((i * 7) % 9);
    const w = 14 + (i % 3) * 4;
    const fill = [p.item, p.dark, p.light][i % 3];
    return `<path d="M${x - w} ${y}L${x - w / 2} ${y - w}L${x + w / 2} ${y - w + 3}L${x + w} ${y - 2}L${x + w / 3} ${y + 8}Z" fill="${fill}"/>`;
  }), { item: '#7f8c99', accent: '#5a6672', dark: '#56616c', light: '#b3bec8' }),
  Concrete: art((p) => `<rect x="10" y="112" width="180" height="14" rx="3" fill="#444c54"/><path d="M140 70H176Q186 70 186 82V112H140Z" fill="${p.accent}"/><rect x="150" y="78" width="28" height="18" rx="3" fill="#cfe8f7"/><ellipse cx="82" cy="82" rx="64" ry="34" transform="rotate(-12 82 82)" fill="${p.item}"/>`
    + times(3, (i) => `<path d="M${46 + i * 30} ${58 + i * 2}Q${58 + i * 30} ${84 - i * 4} ${52 + i * 30} ${112 - i * 5}" stroke="${p.accent}" stroke-width="7" fill="none"/>`)
    + times(3, (i) => `<circle cx="${[44, 100, 164][i]}" cy="130" r="15" fill="#2b3137"/><circle cx="${[44, 100, 164][i]}" cy="130" r="6" fill="#aab4bd"/>`),
  { item: '#e6e8ea', accent: '#e67e22', dark: '#6b7680', light: '#ffffff' }, ['#e67e22', '#1f6fb2', '#c0392b', '#2e8b57']),
  Paints: art((p) => `<path d="M58 30Q100 6 142 30" stroke="${p.dark}" stroke-width="4" fill="none"/><path d="M54 50L146 50L138 142Q100 150 62 142Z" fill="${p.item}"/><ellipse cx="100" cy="50" rx="46" ry="11" fill="${p.dark}"/><ellipse cx="100" cy="48" rx="40" ry="7" fill="${p.accent}"/><path d="M64 54H136V74Q130 82 124 74Q118 96 110 74Q102 88 96 74Q88 100 80 74Q72 84 64 74Z" fill="${p.accent}"/><rect x="70" y="98" width="60" height="26" rx="4" fill="${p.light}"/><rect x="78" y="106" width="44" height="10" rx="2" fill="${p.accent}" opacity=".7"/>`,
    { item: '#dfe5ea', accent: '#2a9d8f', dark: '#5f6b75', light: '#ffffff' }, ['#2a9d8f', '#e76f51', '#3d5a80', '#e9c46a']),
  Tiles: art((p) => times(9, (i) => {
    const x = 40 + (i % 3) * 42;
    const y = 22 + Math.floor(i / 3) * 42;
    const fill = i % 2 === 0 ? p.item : p.light;
    return `<rect x="${x}" y="${y}" width="40" height="40" fill="${fill}"/><path d="M${x + 20} ${y + 8}L${x + 32} ${y + 20}L${x + 20} ${y + 32}L${x + 8} ${y + 20}Z" fill="${p.accent}" opacity=".8"/>`;
  }), { item: '#d9c7a7', accent: '#3d6e8c', dark: '#8c7a5b', light: '#f3ece0' }, ['#3d6e8c', '#b5543a', '#4a7c59', '#7d5a94']),
  Flooring: art((p) => `<path d="M20 148L60 40H140L180 148Z" fill="${p.dark}"/>` + times(6, (r) => {
    const y0 = 40 + r * 18;
    const y1 = y0 + 16;
    const x0 = 60 - (y0 - 40) * 0.37;
    const x1 = 140 + (y0 - 40) * 0.37;
    const split = x0 + (x1 - x0) * (0.3 + (r % 3) * 0.2);
    return `<path d="M${x0} ${y0}H${split - 1}L${split - 7} ${y1}H${x0 - 6}Z" fill="${r % 2 ? p.item : p.light}"/><path d="M${split + 1} ${y0}H${x1}L${x1 + 6} ${y1}H${split - 5}Z" fill="${r % 2 ? p.light : p.item}"/>`;
  }), { item: '#b07a45', accent: '#8a5a2b', dark: '#5e3a1a', light: '#c99664' }),
  Glass: art((p) => `<rect x="36" y="20" width="128" height="128" rx="4" fill="${p.dark}"/><rect x="44" y="28" width="112" height="112" fill="${p.item}" opacity=".85"/><path d="M60 120L120 40M80 132L146 44" stroke="#fff" stroke-width="6" opacity=".7" stroke-linecap="round"/><path d="M112 124L140 88" stroke="#fff" stroke-width="3" opacity=".6" stroke-linecap="round"/>`,
    { item: '#9fd3e8', accent: '#4aa3c7', dark: '#4b5d67', light: '#e4f4fa' }),
  Doors: art((p) => `<rect x="52" y="10" width="96" height="140" fill="${p.dark}"/><rect x="60" y="16" width="80" height="134" fill="${p.item}"/><rect x="70" y="26" width="26" height="48" rx="2" fill="${p.light}"/><rect x="104" y="26" width="26" height="48" rx="2" fill="${p.light}"/><rect x="70" y="86" width="26" height="54" rx="2" fill="${p.light}"/><rect x="104" y="86" width="26" height="54" rx="2" fill="${p.light}"/><circle cx="130" cy="82" r="5" fill="${p.accent}"/>`,
    { item: '#9a5b2e', accent: '#e8b930', dark: '#5e3519', light: '#b06d3b' }, ['#e8b930', '#c9ccd1']),
  Windows: art((p) => `<rect x="34" y="18" width="132" height="116" rx="3" fill="${p.item}"/><rect x="44" y="28" width="52" height="44" fill="${p.light}"/><rect x="104" y="28" width="52" height="44" fill="${p.light}"/><rect x="44" y="80" width="52" height="44" fill="${p.light}"/><rect x="104" y="80" width="52" height="44" fill="${p.light}"/><path d="M52 64L76 36M112 116L136 88" stroke="#fff" stroke-width="4" opacity=".8"/><rect x="26" y="134" width="148" height="10" rx="2" fill="${p.accent}"/>`,
    { item: '#f4f4f2', accent: '#8d99a6', dark: '#5f6b75', light: '#a9d8ee' }),
  Roofing: art((p) => `<rect x="44" y="84" width="112" height="62" fill="${p.light}"/><rect x="88" y="106" width="24" height="40" fill="${p.dark}"/><path d="M20 90L100 28L180 90Z" fill="${p.item}"/>` + times(11, (i) => `<path d="M${36 + i * 13} 90L${100 + (i - 5) * 4} ${30 + Math.abs(i - 5) * 3}" stroke="${p.dark}" stroke-width="2" opacity=".35"/>`) + `<rect x="16" y="88" width="168" height="6" rx="3" fill="${p.accent}"/>`,
    { item: '#2e6fa8', accent: '#1d4a72', dark: '#213344', light: '#efe4d2' }, ['#1d4a72', '#8e2b22', '#2e6b3f']),
  Plumbing: art((p) => `<path d="M24 52H110Q132 52 132 74V146" stroke="${p.dark}" stroke-width="26" fill="none"/><path d="M24 52H110Q132 52 132 74V146" stroke="${p.item}" stroke-width="20" fill="none"/><rect x="54" y="36" width="14" height="32" rx="3" fill="${p.dark}"/><rect x="120" y="94" width="24" height="14" rx="3" fill="${p.dark}"/><rect x="86" y="20" width="8" height="22" fill="${p.dark}"/><rect x="70" y="14" width="40" height="10" rx="5" fill="${p.accent}"/>`,
    { item: '#efe3c2', accent: '#d64541', dark: '#8c7b55', light: '#fff8e6' }, ['#d64541', '#1f6fb2']),
  'Bathroom Fittings': art((p) => `<rect x="20" y="26" width="30" height="40" rx="4" fill="${p.dark}"/><path d="M50 38H128Q150 38 150 60V78H132V62Q132 56 126 56H50Z" fill="${p.item}"/><rect x="76" y="20" width="14" height="20" fill="${p.item}"/><rect x="60" y="14" width="46" height="10" rx="5" fill="${p.dark}"/><path d="M141 90Q148 104 141 112Q134 104 141 90Z" fill="${p.accent}"/><path d="M141 122Q148 136 141 144Q134 136 141 122Z" fill="${p.accent}" opacity=".7"/>`,
    { item: '#cfd8dc', accent: '#3a9bd9', dark: '#78909c', light: '#eceff1' }),
  Electrical: art((p) => `<rect x="20" y="30" width="90" height="90" rx="10" fill="${p.item}" stroke="${p.light}" stroke-width="3"/><rect x="36" y="48" width="24" height="54" rx="4" fill="${p.light}"/><rect x="70" y="48" width="24" height="54" rx="4" fill="${p.light}"/><rect x="40" y="52" width="16" height="22" rx="2" fill="${p.accent}"/><rect x="74" y="76" width="16" height="22" rx="2" fill="${p.dark}"/>`
    + times(4, (i) => `<ellipse cx="150" cy="${70 + i * 14}" rx="30" ry="12" fill="none" stroke="${[p.accent, '#1f6fb2', '#e0a21b', p.accent][i]}" stroke-width="6"/>`),
  { item: '#ffffff', accent: '#d64541', dark: '#5f6b75', light: '#dfe4e8' }),
  Lighting: art((p) => times(8, (i) => `<path d="M${100 + Math.cos(i * 0.785) * 58} ${66 + Math.sin(i * 0.785) * 58}L${100 + Math.cos(i * 0.785) * 72} ${66 + Math.sin(i * 0.785) * 72}" stroke="${p.accent}" stroke-width="6" stroke-linecap="round"/>`)
    + `<circle cx="100" cy="66" r="42" fill="${p.item}"/><path d="M82 98H118L114 118H86Z" fill="${p.item}"/><rect x="84" y="118" width="32" height="24" rx="4" fill="${p.dark}"/><path d="M84 126H116M84 134H116" stroke="${p.light}" stroke-width="3"/><path d="M90 70Q100 50 110 70" stroke="${p.dark}" stroke-width="3" fill="none" opacity=".5"/>`,
  { item: '#ffd54f', accent: '#ffb300', dark: '#5f6b75', light: '#cfd8dc' }),
  'Grouts & Sealants': art((p) => `<rect x="40" y="52" width="100" height="34" rx="8" fill="${p.item}"/><rect x="60" y="56" width="56" height="26" rx="3" fill="${p.accent}"/><path d="M140 62L176 68L140 76Z" fill="${p.light}"/><rect x="14" y="62" width="26" height="12" fill="${p.dark}"/><path d="M60 86L52 132H68L80 86Z" fill="${p.dark}"/><path d="M24 146Q60 138 100 146T180 144" stroke="${p.light}" stroke-width="8" fill="none" stroke-linecap="round"/>`,
    { item: '#e8e3d8', accent: '#2e8b57', dark: '#37474f', light: '#bdbdbd' }, ['#2e8b57', '#1f6fb2', '#c0392b', '#e0a21b']),
  Wallpaper: art((p) => `<rect x="40" y="24" width="120" height="110" fill="${p.item}"/>` + times(12, (i) => `<circle cx="${56 + (i % 4) * 30}" cy="${42 + Math.floor(i / 4) * 34}" r="8" fill="${p.accent}" opacity=".8"/>`)
    + `<rect x="30" y="14" width="140" height="22" rx="11" fill="${p.dark}"/><ellipse cx="170" cy="25" rx="6" ry="11" fill="${p.light}"/><path d="M40 134L160 134L150 146L50 146Z" fill="${p.dark}" opacity=".25"/>`,
  { item: '#f1e3cf', accent: '#c0392b', dark: '#8d6e63', light: '#f6efe6' }, ['#c0392b', '#2a9d8f', '#7d5a94', '#e0a21b']),
  Curtains: art((p) => `<rect x="46" y="22" width="108" height="120" fill="${p.light}"/><rect x="20" y="14" width="160" height="8" rx="4" fill="${p.dark}"/>`
    + `<path d="M26 22H80Q74 70 62 92Q72 118 80 146H26Z" fill="${p.item}"/><path d="M174 22H120Q126 70 138 92Q128 118 120 146H174Z" fill="${p.item}"/><path d="M40 26V140M54 26V140M160 26V140M146 26V140" stroke="${p.accent}" stroke-width="3" opacity=".5"/><rect x="56" y="88" width="16" height="8" rx="3" fill="${p.accent}"/><rect x="128" y="88" width="16" height="8" rx="3" fill="${p.accent}"/>`,
  { item: '#b5485d', accent: '#7a2438', dark: '#5d4037', light: '#d9eef8' }, ['#7a2438', '#e0a21b']),
  Furniture: art((p) => `<rect x="34" y="46" width="132" height="50" rx="12" fill="${p.dark}"/><rect x="22" y="74" width="30" height="56" rx="10" fill="${p.item}"/><rect x="148" y="74" width="30" height="56" rx="10" fill="${p.item}"/><rect x="48" y="88" width="104" height="34" rx="8" fill="${p.item}"/><path d="M100 92V120" stroke="${p.dark}" stroke-width="2"/><rect x="34" y="130" width="8" height="14" fill="${p.accent}"/><rect x="158" y="130" width="8" height="14" fill="${p.accent}"/><rect x="60" y="58" width="30" height="26" rx="6" fill="${p.light}"/>`,
    { item: '#3f7d74', accent: '#5d4037', dark: '#2c5a53', light: '#e9c46a' }, ['#5d4037']),
  'Modular Furniture': art((p) => `<rect x="60" y="20" width="80" height="48" rx="3" fill="#263238"/><rect x="64" y="24" width="72" height="40" fill="#37474f"/><rect x="20" y="96" width="160" height="40" rx="3" fill="${p.item}"/><rect x="26" y="102" width="46" height="28" rx="2" fill="${p.light}"/><rect x="78" y="102" width="46" height="28" rx="2" fill="${p.light}"/><rect x="130" y="102" width="44" height="28" rx="2" fill="${p.light}"/><path d="M42 116H56M94 116H108M145 116H159" stroke="${p.accent}" stroke-width="3" stroke-linecap="round"/><rect x="148" y="40" width="36" height="6" fill="${p.item}"/><rect x="152" y="28" width="8" height="12" fill="${p.accent}"/><rect x="164" y="32" width="6" height="8" fill="${p.dark}"/><rect x="30" y="136" width="8" height="10" fill="${p.dark}"/><rect x="162" y="136" width="8" height="10" fill="${p.dark}"/>`,
    { item: '#c49a6c', accent: '#2e4057', dark: '#7a5a3a', light: '#dcbf98' }),
  Kitchen: art((p) => `<path d="M84 14H116V34L130 50H70L84 34Z" fill="${p.dark}"/><rect x="14" y="20" width="56" height="36" rx="2" fill="${p.item}"/><rect x="130" y="20" width="56" height="36" rx="2" fill="${p.item}"/><rect x="10" y="86" width="180" height="8" fill="#37474f"/><rect x="14" y="94" width="172" height="52" fill="${p.item}"/>` + times(4, (i) => `<rect x="${18 + i * 42}" y="98" width="38" height="44" rx="2" fill="${p.light}"/><rect x="${32 + i * 42}" y="104" width="10" height="3" fill="${p.accent}"/>`) + `<ellipse cx="86" cy="84" rx="10" ry="3" fill="#263238"/><ellipse cx="114" cy="84" rx="10" ry="3" fill="#263238"/><path d="M38 34H46M154 34H162" stroke="${p.accent}" stroke-width="3"/>`,
    { item: '#e76f51', accent: '#264653', dark: '#5f6b75', light: '#f4a261' }, ['#264653', '#e9c46a']),
  Wardrobe: art((p) => `<rect x="36" y="12" width="128" height="134" rx="3" fill="${p.dark}"/>` + times(3, (i) => `<rect x="${40 + i * 41.3}" y="16" width="39" height="126" fill="${i === 1 ? p.light : p.item}"/><rect x="${i === 2 ? 44 + i * 41.3 : 72 + i * 41.3}" y="70" width="3" height="20" rx="1.5" fill="${p.accent}"/>`) + `<path d="M88 30L110 56M88 48L100 62" stroke="#fff" stroke-width="3" opacity=".7"/>`,
    { item: '#d7c4a3', accent: '#5d4037', dark: '#8d6e63', light: '#cfe3ea' }),
  'False Ceiling': art((p) => `<path d="M10 20H190L160 90H40Z" fill="${p.item}"/><path d="M30 38H170M22 56H178M46 20L62 90M100 20V90M154 20L138 90" stroke="${p.dark}" stroke-width="2" opacity=".35"/>`
    + times(3, (i) => `<ellipse cx="${60 + i * 40}" cy="${48 + (i % 2) * 16}" rx="9" ry="4" fill="${p.accent}"/><path d="M${51 + i * 40} ${50 + (i % 2) * 16}L${40 + i * 40} 146H${80 + i * 40}L${69 + i * 40} ${50 + (i % 2) * 16}Z" fill="${p.accent}" opacity=".18"/>`)
    + `<path d="M40 90H160" stroke="${p.accent}" stroke-width="4"/><rect x="20" y="140" width="160" height="6" rx="3" fill="${p.dark}" opacity=".3"/>`,
  { item: '#f5f5f3', accent: '#ffca28', dark: '#78909c', light: '#ffffff' }),
  'Decorative Panels': art((p) => times(13, (i) => `<rect x="${26 + i * 11.5}" y="14" width="9" height="132" rx="4.5" fill="${i % 2 ? p.item : p.dark}"/>`) + `<rect x="20" y="142" width="160" height="6" fill="${p.accent}"/>`,
    { item: '#8d6e63', accent: '#e0a21b', dark: '#5d4037', light: '#bcaaa4' }, ['#e0a21b', '#607d8b']),
  'Smart Home': art((p) => `<rect x="66" y="18" width="68" height="126" rx="12" fill="${p.dark}"/><rect x="72" y="30" width="56" height="100" rx="4" fill="${p.light}"/><path d="M84 92L100 76L116 92V112H84Z" fill="${p.item}"/><rect x="96" y="100" width="8" height="12" fill="${p.light}"/>`
    + times(3, (i) => `<path d="M${86 - i * 8} ${64 - i * 6}Q100 ${52 - i * 10} ${114 + i * 8} ${64 - i * 6}" stroke="${p.accent}" stroke-width="4" fill="none" stroke-linecap="round"/>`)
    + `<circle cx="100" cy="137" r="3" fill="${p.light}"/>`,
  { item: '#2a9d8f', accent: '#f4a261', dark: '#263238', light: '#e0f2f1' }),
};
