import type { FastifyInstance } from 'fastify';

/** The OpenAPI document's operations, so attack tests cover every route by construction. */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

export interface Operation {
  method: string;
  path: string;
  secured: boolean;
  /** Whose session the call takes, from its security schemes; null for public calls. */
  role: 'customer' | 'vendor' | 'any' | 'ops' | null;
  /** For operator console calls: the roles allowed (the opsSession scheme's scopes). */
  opsRoles: string[];
  params: { name: string; in: 'path' | 'query'; schema: JsonSchema; required: boolean }[];
  body: JsonSchema | undefined;
}

export function operationsOf(app: FastifyInstance): Operation[] {
  const doc = app.swagger() as { paths: Record<string, Record<string, {
    security?: unknown[]; parameters?: { name: string; in: string; schema: JsonSchema; required?: boolean }[];
    requestBody?: { content: Record<string, { schema: JsonSchema }> };
  }>> };
  return Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({
    method: method.toUpperCase(),
    path,
    secured: Array.isArray(op.security) && op.security.length > 0,
    role: roleOf(op.security),
    opsRoles: (op.security ?? []).flatMap((s) => (s as Record<string, string[]>).opsSession ?? []),
    params: (op.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query')
      .map((p) => ({ name: p.name, in: p.in as 'path' | 'query', schema: p.schema, required: p.required ?? p.in === 'path' })),
    body: op.requestBody?.content['application/json']?.schema,
  })));
}

function roleOf(security: unknown[] | undefined): Operation['role'] {
  const schemes = new Set((security ?? []).flatMap((s) => Object.keys(s as object)));
  if (schemes.size === 0) return null;
  if (schemes.has('opsSession')) return 'ops';
  if (schemes.has('sessionCookie') && schemes.has('vendorSession')) return 'any';
  return schemes.has('vendorSession') ? 'vendor' : 'customer';
}

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/** Values that pass the contract's patterns for well-known field names (phones, pincodes, slots…). */
function byName(name: string): unknown {
  const n = name.toLowerCase();
  if (/phone/.test(n)) return '9876543210';
  if (/pincode|zip/.test(n)) return '500001';
  if (/email/.test(n)) return 'probe@example.test';
  if (/servicedate|date$/.test(n)) return tomorrow();
  if (/servicetime|slot/.test(n)) return '10:00 AM';
  if (/^otp$/.test(n)) return '123456';
  if (/password/.test(n)) return 'Probe-Password#1';
  // Images must be ours (an upload or a catalogue image), never an outside URL.
  if (/image$/.test(n)) return '/images/probe.svg';
  // Payout accounts (decision 017): a real-format PAN and the GSTIN holding it, an IFSC, a bank account number.
  if (n === 'pan') return 'AAPFU0939F';
  if (n === 'gstin') return '27AAPFU0939F1ZV';
  if (n === 'ifsc') return 'SBIN0001234';
  if (n === 'accountnumber') return '000123456789';
  return undefined;
}

/** A minimal instance that the schema accepts, with `ids` filling every id-like field. */
export function sample(schema: JsonSchema | undefined, name = '', ids: (name: string) => string | undefined = () => undefined): unknown {
  if (!schema) return undefined;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return sample(variants.find((v) => v.type !== 'null') ?? variants[0], name, ids);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((s) => sample(s, name, ids) as object));
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(schema.properties ?? {})) out[key] = sample(prop, key, ids);
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sample(schema.items, name, ids));
    case 'integer':
    case 'number':
      return Math.max(1, Math.ceil(schema.minimum ?? schema.exclusiveMinimum ?? 1));
    case 'boolean':
      return true;
    case 'string': {
      if (schema.format === 'uuid' || /id$/i.test(name)) return ids(name) ?? '00000000-0000-4000-8000-000000000001';
      const known = byName(name);
      if (known !== undefined) return known;
      if (schema.format === 'email') return 'probe@example.test';
      // A 4-digit code (a booking's start code, decision 043).
      if (schema.pattern === '^\\d{4}$') return '1234';
      if (schema.format === 'date') return tomorrow();
      if (schema.format === 'month') return tomorrow().slice(0, 7);
      return 'probe'.padEnd(Math.max(5, schema.minLength ?? 0), 'x');
    }
    default:
      return ids(name) ?? byName(name) ?? 'probe';
  }
}

/**
 * Whether a field is a calendar date or month: by its schema's format (or its non-null variant's, for optional and
 * nullable fields), or else by a name that says so, so a date checked by a bare pattern is found too.
 */
export function calendarKind(schema: JsonSchema | undefined, name = ''): 'date' | 'month' | undefined {
  if (!schema) return undefined;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map((v) => calendarKind(v, name)).find(Boolean);
  if (schema.format === 'date' || schema.format === 'month') return schema.format;
  if (schema.type !== 'string' || schema.enum) return undefined;
  if (/^month$/i.test(name)) return 'month';
  return /date$|^(from|to)$/i.test(name) ? 'date' : undefined;
}

/** The URL of an operation with its path and query parameters filled. */
export function urlOf(op: Operation, value: (param: Operation['params'][number]) => unknown): string {
  let path = op.path;
  const query = new URLSearchParams();
  for (const p of op.params) {
    const v = value(p);
    if (v === undefined) continue;
    if (p.in === 'path') path = path.replace(`{${p.name}}`, encodeURIComponent(String(v)));
    else query.set(p.name, String(v));
  }
  const qs = query.toString();
  return qs ? `${path}?${qs}` : path;
}
