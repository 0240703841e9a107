/**
 * CSP_EXTRA_SOURCES: what a deployment serving another frontend adds to the Content-Security-Policy, written like the
 * header itself, directive by directive: `style-src https://cdn.example.com; script-src https://accounts.google.com`.
 * Only https sources can be added, and only to the fetch directives below: a keyword ('unsafe-eval'), a bare scheme or
 * a wildcard would switch a protection off rather than name a server, so the start refuses them.
 */
export const WIDENABLE_DIRECTIVES = ['script-src', 'style-src', 'img-src', 'font-src', 'connect-src', 'frame-src', 'media-src'] as const;
export type WidenableDirective = (typeof WIDENABLE_DIRECTIVES)[number];
export type CspExtraSources = Partial<Record<WidenableDirective, string[]>>;

/** https://host[:port][/path]: a host of dot-separated labels (the first may be `*.`), no query, quote or comma. */
const HTTPS_SOURCE = /^https:\/\/(\*\.)?([a-z0-9](-*[a-z0-9])*\.)+[a-z][a-z0-9-]*[a-z0-9](:\d{1,5})?(\/[\w\-.~%!$&+=:@/]*)?$/i;

/** The parsed setting, or the problems a start names (one line each). */
export function parseCspExtraSources(value: string): { ok: true; sources: CspExtraSources } | { ok: false; problems: string[] } {
  const sources: CspExtraSources = {};
  const problems: string[] = [];
  for (const part of value.split(';').map((p) => p.trim()).filter(Boolean)) {
    const [directive = '', ...list] = part.split(/\s+/);
    const name = directive.toLowerCase();
    if (!(WIDENABLE_DIRECTIVES as readonly string[]).includes(name)) {
      problems.push(`"${directive}" cannot be widened; name one of ${WIDENABLE_DIRECTIVES.join(', ')}`);
      continue;
    }
    if (list.length === 0) problems.push(`${name} names no source`);
    for (const source of list) {
      if (!HTTPS_SOURCE.test(source)) {
        problems.push(`"${source}" in ${name} is not an https:// source like https://cdn.example.com (keywords, schemes and wildcards cannot be added)`);
      }
    }
    const known = sources[name as WidenableDirective] ?? [];
    sources[name as WidenableDirective] = [...new Set([...known, ...list])];
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, sources };
}
