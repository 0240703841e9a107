/**
 * Draws every image the demo seed refers to into apps/server/assets/images (served at /images/).
 * Run after changing the drawings or the catalogue: `npx tsx apps/server/scripts/generate-images.ts`.
 * The output is committed, so nothing is drawn or downloaded at run time.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MATERIAL_CATEGORIES, SERVICE_CATEGORIES } from '@nirmaan/shared';
import { categoryCard, hero, placeholder, productPhoto, professionalAvatar, projectScene, storefront } from '../src/seed/art/compose.ts';
import { MATERIAL_ART } from '../src/seed/art/materials.ts';
import { SERVICE_ART } from '../src/seed/art/services.ts';
import {
  HERO_IMAGE, PLACEHOLDER_IMAGE, PRODUCT_IMAGE_VARIANTS, PROFESSIONAL_AVATARS, PROJECT_IMAGE_VARIANTS, STORE_IMAGES,
  categoryImage, productImage, professionalAvatar as avatarUrl, projectImage, storeImage,
} from '../src/seed/images.ts';

const IMAGES_DIR = path.resolve(import.meta.dirname, '../assets/images');
const files = new Map<string, string>();
const add = (url: string, svg: string) => files.set(url, svg);

MATERIAL_CATEGORIES.forEach((c, i) => {
  const a = MATERIAL_ART[c.name];
  add(categoryImage(c.slug), categoryCard(a, c.name, i));
  for (let v = 1; v <= PRODUCT_IMAGE_VARIANTS; v++) add(productImage(c.slug, v), productPhoto(a, c.name, i, v));
});
SERVICE_CATEGORIES.forEach((c, i) => {
  const a = SERVICE_ART[c.name];
  add(categoryImage(c.slug), categoryCard(a, c.name, i + 3));
  for (let v = 1; v <= PROJECT_IMAGE_VARIANTS; v++) add(projectImage(c.slug, v), projectScene(a, c.name, v));
});
for (let n = 1; n <= PROFESSIONAL_AVATARS; n++) add(avatarUrl(n), professionalAvatar(n));
for (let n = 1; n <= STORE_IMAGES; n++) add(storeImage(n), storefront(n));
add(HERO_IMAGE, hero());
add(PLACEHOLDER_IMAGE, placeholder());

rmSync(IMAGES_DIR, { recursive: true, force: true });
let bytes = 0;
for (const [url, svg] of files) {
  const file = path.join(IMAGES_DIR, url.replace(/^\/images\//, ''));
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, svg);
  bytes += Buffer.byteLength(svg);
}
console.log(`wrote ${files.size} images (${Math.round(bytes / 1024)} KB) to ${IMAGES_DIR}`);
