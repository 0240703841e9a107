#!/usr/bin/env node
/**
 * The server's layers (docs/architecture.md, decision 026), lowest first. A file imports its own layer or a lower
 * one, never a higher one:
 *
 *   entry    app.ts, server.ts, cli/, seed/       wires everything together
 *   http     http/, plugins/, realtime/           the edges: routes, hooks, the socket server
 *   flows    flows/                               compose modules
 *   modules  modules/<name>/                      one feature each: service, repository, wire, mails
 *   base     lib/, db/, config/, email/, paths.ts depend on no feature
 *
 * A module's door is its service.ts: from outside its folder (another module, a flow, an http file, the entry) a
 * module is imported only through it; inside the folder any file imports any other.
 *
 * A module owns its tables (decision record 031): its files import only its own db/schema/<module>.ts and the views
 * other modules publish (db/schema/published/); modules/ops/read-model.ts, the console's read model, reads any.
 *
 * `node scripts/layers.mjs` (`npm run layers`) lists every import between two layers, grouped by pair, and those
 * between two nodes of one layer (modules → modules, flows → flows), then the import cycles between nodes (an http
 * file, a flow file, a module folder). It exits 1 if an import points upward, passes a module's wall or a cycle
 * exists, or a file imports another module's tables. With --check (part of `npm run lint`) it prints only the count and what is wrong.
 * eslint.config.js reads the same graph for its nirmaan/* rules, so the two cannot disagree.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const serverSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/server/src');
export const LAYERS = ['base', 'modules', 'flows', 'http', 'entry'];

const relOf = (file) => path.relative(serverSrc, file).split(path.sep);

/** The layer of a file under apps/server/src, or null for a file outside it. */
export function layerOf(file) {
  const rel = relOf(file);
  if (rel[0] === '..' || path.isAbsolute(rel.join('/'))) return null;
  if (['http', 'plugins', 'realtime'].includes(rel[0])) return 'http';
  if (rel[0] === 'flows') return 'flows';
  if (rel[0] === 'modules') return 'modules';
  if (['app.ts', 'server.ts'].includes(rel[0]) || rel[0] === 'cli' || rel[0] === 'seed') return 'entry';
  return 'base';
}

/** Whether an import respects the module walls: outside a module's own folder only its service.ts is imported. */
export function throughDoor(from, to) {
  const target = relOf(to);
  if (target[0] !== 'modules' || target.length < 3) return true;
  const own = relOf(from);
  if (own[0] === 'modules' && own[1] === target[1]) return true;
  return target.length === 3 && target[2] === 'service.ts';
}

/**
 * The read models: module files that may read any module's tables (and write only their own). The operator
 * console's searches and reports are the one (decision record 031).
 */
export const READ_MODELS = ['modules/ops/read-model.ts'];

/**
 * Whether an import respects table ownership (decision record 031): `db/schema/<m>.ts` holds the tables module m's
 * repository writes, and only module m's files import it; `db/schema/published/<m>.ts` holds the read-only views
 * module m publishes, which any module may join. lib/ and email/ import only `db/schema/base.ts` (the outbox,
 * idempotency keys, rate-limit events, seed runs). The entry (seed/, cli/) and db/ itself import any; a read model
 * reads any.
 */
export function ownsTables(from, to) {
  const target = relOf(to);
  if (target[0] !== 'db' || target[1] !== 'schema') return true;
  const own = relOf(from);
  if (own[0] === 'db' || layerOf(from) === 'entry' || READ_MODELS.includes(own.join('/'))) return true;
  const file = target.join('/');
  if (own[0] === 'modules') return file === `db/schema/${own[1]}.ts` || target[2] === 'published';
  if (own[0] === 'lib' || own[0] === 'email') return file === 'db/schema/base.ts';
  return false;
}

/**
 * Raw SQL that names another module's table (`from order_lines`, `join vendors`…) is not an import, so it is read from
 * the text: each table's owner comes from the `pgTable('name'` in its db/schema/<owner>.ts. Known exceptions, each
 * with its reason (none today: decision record 031); any other is an error.
 */
export const RAW_SQL_EXCEPTIONS = {};

function tableOwners() {
  const owners = new Map();
  const dir = path.join(serverSrc, 'db/schema');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
    for (const m of readFileSync(path.join(dir, file), 'utf8').matchAll(/pgTable\('(\w+)'/g)) owners.set(m[1], file.slice(0, -3));
  }
  return owners;
}

/** Module files whose SQL text names a table another module owns: [{file, table, owner}]. */
export function rawTableReads() {
  const owners = tableOwners();
  return walk(path.join(serverSrc, 'modules')).flatMap((file) => {
    const rel = relOf(file).join('/');
    if (READ_MODELS.includes(rel)) return [];
    const module = relOf(file)[1];
    const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    const named = [...code.matchAll(/\b(?:from|join|into|update)\s+"?([a-z_]+)"?/gi)].map((m) => m[1]);
    return [...new Set(named)]
      .filter((table) => owners.has(table) && ![module, 'base'].includes(owners.get(table)))
      .filter((table) => !(RAW_SQL_EXCEPTIONS[rel] ?? []).includes(table))
      .map((table) => ({ file: rel, table, owner: owners.get(table) }));
  });
}

/** The node of the cycle check: an http file, a flow file or a whole module folder (its files are one node). */
export function nodeOf(file) {
  const rel = relOf(file);
  if ((rel[0] === 'http' || rel[0] === 'flows') && rel.length === 2) return `${rel[0]}/${rel[1]}`;
  if (rel[0] === 'modules' && rel.length > 2) return `modules/${rel[1]}`;
  return null;
}

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm;

/** The relative import specifiers of a source text (static, dynamic, re-exports, type-only alike). */
export function specifiersOf(source) {
  return [...source.matchAll(IMPORT)].map((m) => m[1]);
}

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.isDirectory()) return e.name === 'migrations' ? [] : walk(path.join(dir, e.name));
    return /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : [];
  });
}

/** Every import between two files of apps/server/src: [{from, to}] as absolute paths. */
export function readImports() {
  return walk(serverSrc).flatMap((from) => specifiersOf(readFileSync(from, 'utf8'))
    .map((spec) => ({ from, to: path.resolve(path.dirname(from), spec) }))
    .filter(({ to }) => layerOf(to) !== null));
}

/** The node graph of the cycle check: node → set of nodes it imports. */
export function readNodeGraph(imports = readImports()) {
  const graph = new Map();
  for (const { from, to } of imports) {
    const a = nodeOf(from);
    const b = nodeOf(to);
    if (!a) continue;
    if (!graph.has(a)) graph.set(a, new Set());
    if (b && b !== a) graph.get(a).add(b);
  }
  return graph;
}

/** The shortest import path from start to goal in the node graph, or null. */
export function pathBetween(graph, start, goal) {
  const seen = new Set([start]);
  const queue = [[start]];
  while (queue.length > 0) {
    const route = queue.shift();
    for (const next of graph.get(route.at(-1)) ?? []) {
      if (next === goal) return [...route, next];
      if (!seen.has(next)) {
        seen.add(next);
        queue.push([...route, next]);
      }
    }
  }
  return null;
}

/** The groups of nodes that reach each other (Tarjan's strongly connected components with more than one node). */
export function cyclesOf(graph) {
  let index = 0;
  const indexOf = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const visit = (node) => {
    indexOf.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), indexOf.get(next)));
    }
    if (low.get(node) !== indexOf.get(node)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) groups.push(group.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!indexOf.has(node)) visit(node);
  return groups;
}

function main(check) {
  const imports = readImports();
  const rank = (file) => LAYERS.indexOf(layerOf(file));
  const show = (file) => path.relative(serverSrc, file).split(path.sep).join('/');
  const pairs = new Map();
  for (const { from, to } of imports) {
    // Within a layer only the imports between two nodes (a module reaching another's service, a flow another flow).
    if (layerOf(from) === layerOf(to) && (nodeOf(from) === nodeOf(to) || !nodeOf(to))) continue;
    const pair = `${layerOf(from)} → ${layerOf(to)}`;
    if (!pairs.has(pair)) pairs.set(pair, new Set());
    pairs.get(pair).add(`${show(from)} → ${show(to)}`);
  }
  const order = [...pairs.keys()].sort((a, b) => {
    const [fa, ta] = a.split(' → ');
    const [fb, tb] = b.split(' → ');
    return LAYERS.indexOf(fb) - LAYERS.indexOf(fa) || LAYERS.indexOf(tb) - LAYERS.indexOf(ta);
  });
  for (const pair of check ? [] : order) {
    console.log(`\n${pair} (${pairs.get(pair).size})`);
    for (const edge of [...pairs.get(pair)].sort()) console.log(`  ${edge}`);
  }
  const upward = imports.filter(({ from, to }) => rank(to) > rank(from));
  const walled = imports.filter(({ from, to }) => !throughDoor(from, to));
  const trespass = imports.filter(({ from, to }) => !ownsTables(from, to));
  const rawReads = rawTableReads();
  const cycles = cyclesOf(readNodeGraph(imports));
  const crossing = imports.filter(({ from, to }) => layerOf(from) !== layerOf(to)).length;
  console.log(`${check ? '' : '\n'}layers: ${crossing} imports between layers, ${upward.length} upward, ${walled.length} past a module's service, ${trespass.length + rawReads.length} of another module's tables; ${cycles.length} import cycles.`);
  for (const { from, to } of upward) console.error(`UPWARD ${layerOf(from)} → ${layerOf(to)}: ${show(from)} → ${show(to)}`);
  for (const { from, to } of walled) console.error(`WALL ${show(from)} → ${show(to)}: a module is imported only through its service.ts`);
  for (const { from, to } of trespass) console.error(`TABLES ${show(from)} → ${show(to)}: a module imports only its own db/schema/<module>.ts and published views (lib/, email/: db/schema/base.ts)`);
  for (const { file, table, owner } of rawReads) console.error(`TABLES ${file} names ${table} in its SQL: the ${owner} module's table (call its service, or join a view it publishes)`);
  for (const group of cycles) console.error(`CYCLE between ${group.length} nodes: ${group.join(', ')}`);
  if (upward.length > 0 || walled.length > 0 || trespass.length > 0 || rawReads.length > 0 || cycles.length > 0) process.exit(1);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main(process.argv.includes('--check'));
