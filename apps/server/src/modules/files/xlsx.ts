import { crc32 } from 'node:zlib';

/**
 * An Excel workbook (.xlsx: a zip) as stored: its entries copied byte for byte except the document properties,
 * which name the author, the last editor and the company (a buyer's name reaching sellers), replaced by empty ones.
 * Null when it is not a workbook: not a zip we can read (zip64, encrypted, cut short), without
 * `[Content_Types].xml` and `xl/workbook.xml`, or with macros (`vbaProject.bin`). Nothing is decompressed.
 */

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;
const MAX_ENTRIES = 10_000;
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n';
/** Empty document properties, in the namespaces Excel writes. */
const EMPTY_PROPERTIES: Record<string, string> = {
  'docProps/core.xml': `${XML}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"></cp:coreProperties>`,
  'docProps/app.xml': `${XML}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"></Properties>`,
  'docProps/custom.xml': `${XML}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/custom-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"></Properties>`,
};

interface Entry { name: Buffer; method: number; flags: number; time: number; date: number; crc: number; size: number; uncompressed: number; made: number; internal: number; external: number; data: Buffer }

function endOfDirectory(zip: Buffer): number {
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) if (zip.readUInt32LE(at) === END) return at;
  return -1;
}

function entriesOf(zip: Buffer): Entry[] | null {
  const end = endOfDirectory(zip);
  if (end < 0) return null;
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  if (count === 0xffff || count > MAX_ENTRIES || at === 0xffffffff) return null;
  const entries: Entry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL) return null;
    const [nameLength, extraLength, commentLength] = [zip.readUInt16LE(at + 28), zip.readUInt16LE(at + 30), zip.readUInt16LE(at + 32)];
    const size = zip.readUInt32LE(at + 20);
    const local = zip.readUInt32LE(at + 42);
    const flags = zip.readUInt16LE(at + 8);
    if (flags & 1 || local + 30 > zip.length || zip.readUInt32LE(local) !== LOCAL) return null;
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    if (start + size > zip.length) return null;
    entries.push({
      name: zip.subarray(at + 46, at + 46 + nameLength), method: zip.readUInt16LE(at + 10), flags: flags & 0x0800,
      time: zip.readUInt16LE(at + 12), date: zip.readUInt16LE(at + 14), crc: zip.readUInt32LE(at + 16), size, uncompressed: zip.readUInt32LE(at + 24),
      made: zip.readUInt16LE(at + 4), internal: zip.readUInt16LE(at + 36), external: zip.readUInt32LE(at + 38), data: zip.subarray(start, start + size),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function header(fields: [number, 2 | 4][], name: Buffer): Buffer {
  const out = Buffer.alloc(fields.reduce((n, [, size]) => n + size, 0));
  let at = 0;
  for (const [value, size] of fields) at = size === 2 ? out.writeUInt16LE(value, at) : out.writeUInt32LE(value, at);
  return Buffer.concat([out, name]);
}

export function scrubbedWorkbook(zip: Buffer): Buffer | null {
  if (zip.length < 22) return null;
  const entries = entriesOf(zip);
  if (!entries) return null;
  const names = entries.map((e) => e.name.toString('utf8'));
  if (!names.includes('[Content_Types].xml') || !names.includes('xl/workbook.xml') || names.some((n) => /vbaproject\.bin$/i.test(n))) return null;
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const [k, entry] of entries.entries()) {
    const replaced = EMPTY_PROPERTIES[names[k]!];
    const e = replaced === undefined ? entry : { ...entry, method: 0, data: Buffer.from(replaced), crc: crc32(replaced), size: Buffer.byteLength(replaced), uncompressed: Buffer.byteLength(replaced) };
    const common: [number, 2 | 4][] = [[20, 2], [e.flags, 2], [e.method, 2], [e.time, 2], [e.date, 2], [e.crc, 4], [e.size, 4], [e.uncompressed, 4], [e.name.length, 2], [0, 2]];
    const local = header([[LOCAL, 4], ...common], e.name);
    directory.push(header([[CENTRAL, 4], [e.made, 2], ...common, [0, 2], [0, 2], [e.internal, 2], [e.external, 4], [offset, 4]], e.name));
    parts.push(local, e.data);
    offset += local.length + e.data.length;
  }
  const central = Buffer.concat(directory);
  const end = header([[END, 4], [0, 2], [0, 2], [entries.length, 2], [entries.length, 2], [central.length, 4], [offset, 4], [0, 2]], Buffer.alloc(0));
  return Buffer.concat([...parts, central, end]);
}
