/**
 * The Lingui extractor for the server's own texts (docs/decisions/039). The server's refusals are plain English
 * strings, thrown where the rule lives (`new AppError('CONFLICT', 'This item is …')`) or kept in shared constants the
 * web compares against (`VENDOR_AUTH_MSG.invalidLogin`), so Lingui's macro extractor cannot see them. This one reads
 * the TypeScript: the text given to `new AppError`, `fieldError`, `notFound` and `LoginRefusal`, followed through a
 * constant (`EMAIL_TAKEN`, `OPS_MSG.vendorNotFound`) or a message function (`unknownPincodeMessage(pin)`), plus the
 * messages of the shared zod schemas the server validates with. The English text is the message id; a template's
 * `${…}` becomes an ICU placeholder named after its expression (`{term}`, `{pincode}`).
 *
 * The mails are written with explicit descriptors (`t(locale, 'Your Nirmaan order {ref} is placed', { ref })`);
 * the ids given to `t(` and `tHtml(` (a literal, or a variable of the file holding one) are extracted too.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverSrc = path.resolve(here, '../src');
const sharedSrc = path.resolve(here, '../../../packages/shared/src');

const ERROR_CALLS = new Set(['AppError', 'fieldError', 'notFound', 'LoginRefusal']);
/** zod (and shared helper) calls whose last string argument is the refusal a person reads. */
const ZOD_CALLS = new Set(['min', 'max', 'length', 'regex', 'refine', 'email', 'url', 'uuid', 'int', 'positive', 'nonnegative', 'gte', 'lte', 'gt', 'lt', 'startsWith', 'endsWith', 'includes', 'zIsoDate', 'zIsoMonth', 'multipleOf', 'trim']);

/**
 * The operator console and the machine-to-machine calls (webhooks, metrics, idempotency keys, commission and
 * transfer settings) stay English: staff and programs read them, not customers or vendors. A staff module's mails
 * (emails.ts: support's decisions mailed to a vendor) are read by vendors, so they are translated.
 */
const STAFF_ONLY = /(ops|ops-[a-z-]+|commission|transfers|metrics|idempotency|intent-worker|payouts)\.ts$|[\\/]modules[\\/](ops|transfers|commission|payouts)[\\/](?!emails\.ts$)|[\\/]razorpay[\\/]/;

/**
 * The vendor's long settings forms (products, delivery, store, documents, GST) check their fields in the browser with
 * the same schemas, in the page's language; the server's copy of those field messages stays English for now.
 */
const BROWSER_CHECKED = /[\\/](vendor-products|delivery|vendor-account|vendor-documents|gst)\.ts$/;

/**
 * Shared texts the server sends that the rules above do not reach: refusals returned by a shared check rather than
 * thrown (`CALENDAR_MSG.tooFar(days)`, a booking date's `tooLateMessage`), and the quantity prices' checks, which a
 * client that skips the browser's check gets from the server. Each is its own message, so a sentence with a value
 * is not matched by a shorter message's pattern (`{…} must be {…}`) and half translated.
 */
const SENT_TABLES = new Set(['QUANTITY_BREAK_MSG', 'CALENDAR_MSG', 'BOOKING_MSG_TOO_FAR', 'DELIVERY_REFUSAL']);

const parse = (file) => ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);

function walkFiles(dir, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walkFiles(full, out);
    else if (/\.ts$/.test(entry.name) && !/\.d\.ts$/.test(entry.name)) out.push(full);
  }
  return out;
}

/**
 * ICU quotes `{` and `}`; a lone apostrophe (customer's) stays as it is, so a text without braces is its own id and
 * the English the server throws is found in the catalogue as it is.
 */
const icuText = (s) => s.replace(/[{}]/g, (c) => `'${c}'`);

function placeholderName(expr, used) {
  let name = 'value';
  let e = expr;
  while (ts.isNonNullExpression(e) || ts.isParenthesizedExpression(e) || ts.isAsExpression(e)) e = e.expression;
  if (ts.isIdentifier(e)) name = e.text;
  else if (ts.isPropertyAccessExpression(e)) name = e.name.text;
  else if (ts.isCallExpression(e)) {
    const callee = e.expression;
    name = ts.isPropertyAccessExpression(callee) ? (ts.isPropertyAccessExpression(callee.expression) ? callee.expression.name.text : ts.isIdentifier(callee.expression) ? callee.expression.text : callee.name.text) : ts.isIdentifier(callee) ? callee.text : 'value';
    if (['toFixed', 'toUpperCase', 'slice', 'join', 'toLowerCase', 'toString'].includes(name) && ts.isPropertyAccessExpression(callee)) {
      const inner = callee.expression;
      name = ts.isIdentifier(inner) ? inner.text : ts.isPropertyAccessExpression(inner) ? inner.name.text : 'value';
    }
  }
  name = name.replace(/[^A-Za-z0-9_]/g, '') || 'value';
  let unique = name;
  for (let i = 2; used.has(unique); i++) unique = `${name}${i}`;
  used.add(unique);
  return unique;
}

function templateToIcu(node) {
  if (ts.isNoSubstitutionTemplateLiteral(node)) return icuText(node.text);
  const used = new Set();
  let out = icuText(node.head.text);
  for (const span of node.templateSpans) out += `{${placeholderName(span.expression, used)}}${icuText(span.literal.text)}`;
  return out;
}

/** Top-level `const NAME = …` of a file: strings, templates, arrows returning one, objects of those. */
function constantsOf(sf) {
  const consts = new Map();
  for (const stmt of sf.statements) {
    if (!ts.isVariableStatement(stmt)) continue;
    for (const d of stmt.declarationList.declarations) if (ts.isIdentifier(d.name) && d.initializer) consts.set(d.name.text, d.initializer);
  }
  return consts;
}

const strip = (e) => {
  while (e && (ts.isAsExpression(e) || ts.isParenthesizedExpression(e) || ts.isSatisfiesExpression?.(e) || ts.isNonNullExpression(e))) e = e.expression;
  return e;
};

export function collectServerMessages() {
  const found = new Map(); // id → origin [file, line]
  const files = [...walkFiles(serverSrc).filter((f) => !/[\\/](seed|locales|db|config|cli)[\\/]/.test(f)), ...walkFiles(sharedSrc).filter((f) => !f.endsWith('i18n.ts'))].map(parse);
  const local = new Map(files.map((sf) => [sf.fileName, constantsOf(sf)]));
  const shared = new Map();
  for (const sf of files) if (sf.fileName.startsWith(sharedSrc)) for (const [k, v] of local.get(sf.fileName)) if (!shared.has(k)) shared.set(k, v);

  const add = (id, sf, node) => {
    if (!id || !/[A-Za-z]/.test(id) || STAFF_ONLY.test(sf.fileName)) return;
    if (!found.has(id)) found.set(id, [path.relative(path.resolve(here, '..'), sf.fileName), sf.getLineAndCharacterOfPosition(node.getStart()).line + 1]);
  };
  const lookup = (sf, name) => local.get(sf.fileName).get(name) ?? shared.get(name);

  /** Follows an expression to the message text(s) it stands for. */
  function resolve(expr, sf, depth = 0) {
    const e = strip(expr);
    if (!e || depth > 4) return [];
    if (ts.isStringLiteral(e)) return [icuText(e.text)];
    if (ts.isNoSubstitutionTemplateLiteral(e) || ts.isTemplateExpression(e)) return [templateToIcu(e)];
    if (ts.isConditionalExpression(e)) return [...resolve(e.whenTrue, sf, depth + 1), ...resolve(e.whenFalse, sf, depth + 1)];
    if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken) return [...resolve(e.left, sf, depth + 1), ...resolve(e.right, sf, depth + 1)];
    if (ts.isIdentifier(e)) {
      const init = lookup(sf, e.text);
      return init ? resolve(init, sf, depth + 1) : [];
    }
    if (ts.isPropertyAccessExpression(e) && ts.isIdentifier(e.expression)) {
      const obj = strip(lookup(sf, e.expression.text));
      if (obj && ts.isObjectLiteralExpression(obj)) {
        const prop = obj.properties.find((p) => ts.isPropertyAssignment(p) && p.name.getText() === e.name.text);
        return prop ? resolve(prop.initializer, sf, depth + 1) : [];
      }
      return [];
    }
    if (ts.isArrowFunction(e)) return ts.isBlock(e.body) ? [] : resolve(e.body, sf, depth + 1);
    if (ts.isCallExpression(e)) return resolve(e.expression, sf, depth + 1);
    return [];
  }

  /** A mail's message id: a literal, either side of a condition, or a variable of the file holding one. */
  function idsOf(expr, sf) {
    const e = strip(expr);
    if (ts.isStringLiteral(e)) return [e.text];
    if (ts.isConditionalExpression(e)) return [...idsOf(e.whenTrue, sf), ...idsOf(e.whenFalse, sf)];
    if (ts.isElementAccessExpression(e)) {
      // WHY[reason]: every text of the table.
      const table = ts.isIdentifier(e.expression) ? strip(local.get(sf.fileName).get(e.expression.text)) : null;
      return table && ts.isObjectLiteralExpression(table) ? table.properties.flatMap((p) => (ts.isPropertyAssignment(p) ? idsOf(p.initializer, sf) : [])) : [];
    }
    if (ts.isIdentifier(e)) {
      const found = [];
      const look = (n) => {
        if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.name.text === e.text && n.initializer) found.push(...idsOf(n.initializer, sf));
        ts.forEachChild(n, look);
      };
      look(sf);
      return found;
    }
    return [];
  }

  for (const sf of files) {
    const isShared = sf.fileName.startsWith(sharedSrc);
    const visit = (node) => {
      if (!isShared && (ts.isNewExpression(node) || ts.isCallExpression(node))) {
        const callee = node.expression;
        const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
        const args = node.arguments ?? [];
        if (ERROR_CALLS.has(name) && args.length > 0) {
          const arg = name === 'notFound' ? args[0] : args[1];
          for (const id of resolve(arg, sf)) add(id, sf, node);
        }
        if ((name === 't' || name === 'tHtml') && ts.isIdentifier(callee) && args.length >= 2) {
          for (const id of idsOf(args[1], sf)) add(id, sf, node);
        }
      }
      // `message:` in a refusal table or a rate limit's message function; not the `{ message: 'Success' }` answers
      // of the spec's calls, which its clients compare and which stay English.
      if (ts.isPropertyAssignment(node) && ['message', 'refusal'].includes(node.name.getText()) && (isShared || !insideFunction(node) || ts.isArrowFunction(strip(node.initializer)))) {
        const v = strip(node.initializer);
        if (v && (ts.isStringLiteral(v) || ts.isTemplateExpression(v) || ts.isNoSubstitutionTemplateLiteral(v) || ts.isArrowFunction(v) || ts.isPropertyAccessExpression(v) || ts.isConditionalExpression(v) || (!isShared && ts.isIdentifier(v)))) {
          for (const id of resolve(v, sf)) add(id, sf, node);
        }
      }
      if (isShared && ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && SENT_TABLES.has(node.name.text) && !insideFunction(node)) {
        const table = strip(node.initializer);
        const entries = table && ts.isObjectLiteralExpression(table) ? table.properties.filter(ts.isPropertyAssignment).map((p) => p.initializer) : [table];
        for (const entry of entries) for (const id of resolve(entry, sf)) add(id, sf, node);
      }
      if (isShared && !BROWSER_CHECKED.test(sf.fileName) && ts.isCallExpression(node)) {
        const callee = node.expression;
        const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
        const last = strip(node.arguments.at(-1));
        if (ZOD_CALLS.has(name) && last && (ts.isStringLiteral(last) || ts.isTemplateExpression(last) || ts.isNoSubstitutionTemplateLiteral(last))) add(templateOrString(last), sf, node);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return found;
}

function insideFunction(node) {
  for (let p = node.parent; p; p = p.parent) if (ts.isFunctionLike(p)) return true;
  return false;
}

const templateOrString = (n) => (ts.isStringLiteral(n) ? icuText(n.text) : templateToIcu(n));

/** Lingui's extractor interface: the whole project's messages are reported once, with the first matching file. */
let reported = false;
export default {
  match: (filename) => filename.endsWith(`${path.sep}lib${path.sep}i18n.ts`) || filename.endsWith('/lib/i18n.ts'),
  async extract(_filename, _code, onMessageExtracted) {
    if (reported) return;
    reported = true;
    for (const [id, [file, line]] of collectServerMessages()) onMessageExtracted({ id, message: id, origin: [file, line] });
  },
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const all = collectServerMessages();
  for (const [id, origin] of all) console.log(`${origin.join(':')}\t${id}`);
  console.error(`${all.size} messages`);
}
