import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { MATERIAL_CATEGORIES, SERVICE_CATEGORIES, type CatalogueEntry } from '@nirmaan/shared/catalogue';

export type CatalogueKind = 'services' | 'materials';

interface KindInfo {
  label: MessageDescriptor;
  /** "Search services…" */
  placeholder: MessageDescriptor;
  entries: readonly CatalogueEntry[];
  /** The card's button (the spec's Category browser screen). */
  action: MessageDescriptor;
  href: (name: string) => string;
}

export const KINDS: Record<CatalogueKind, KindInfo> = {
  services: {
    label: msg`Services`,
    placeholder: msg`Search services…`,
    entries: SERVICE_CATEGORIES,
    action: msg`Hire Now`,
    href: (name) => `/service?search=${encodeURIComponent(name)}`,
  },
  materials: {
    label: msg`Materials`,
    placeholder: msg`Search materials…`,
    entries: MATERIAL_CATEGORIES,
    action: msg`Order Now`,
    href: (name) => `/product?search=${encodeURIComponent(name)}`,
  },
};

export const parseKind = (value: string | null): CatalogueKind => (value === 'materials' ? 'materials' : 'services');

/**
 * The Category browser searches by name (the spec's screens), case-insensitively: the English name, or the name as
 * the page's language writes it (`translated`).
 */
export function filterEntries(entries: readonly CatalogueEntry[], term: string, translated: (name: string) => string = (name) => name) {
  const needle = term.trim().toLowerCase();
  if (!needle) return entries;
  return entries.filter((e) => e.name.toLowerCase().includes(needle) || translated(e.name).toLowerCase().includes(needle));
}
