import { MATERIAL_CATEGORIES, SERVICE_CATEGORIES, type CatalogueEntry } from '@nirmaan/shared/catalogue';

/** What most customers start with; the landing shows these and links to the full catalogue. */
const POPULAR_SERVICES = [
  'Civil Engineer', 'Contractor', 'Architect', 'Interior Designer', 'Plumber', 'Electrician', 'Painter', 'Carpenter',
];
const POPULAR_MATERIALS = ['Cement', 'Steel', 'Bricks', 'Sand', 'Paints', 'Tiles', 'Plumbing', 'Electrical'];

const pick = (all: readonly CatalogueEntry[], names: string[]) =>
  names.map((n) => all.find((c) => c.name === n)).filter((c): c is CatalogueEntry => c !== undefined);

export const popularServices = pick(SERVICE_CATEGORIES, POPULAR_SERVICES);
export const popularMaterials = pick(MATERIAL_CATEGORIES, POPULAR_MATERIALS);
