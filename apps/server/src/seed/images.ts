/**
 * The image URLs the seed stores, all served from apps/server/assets/images at /images/.
 * scripts/generate-images.ts draws exactly these files, so the two can never drift apart.
 */
export const PRODUCT_IMAGE_VARIANTS = 4;
export const PROJECT_IMAGE_VARIANTS = 3;
export const PROFESSIONAL_AVATARS = 12;
export const STORE_IMAGES = 8;

export const HERO_IMAGE = '/images/hero.svg';
export const PLACEHOLDER_IMAGE = '/images/placeholder.svg';

export const categoryImage = (slug: string) => `/images/categories/${slug}.svg`;
export const productImage = (categorySlug: string, n: number) => `/images/products/${categorySlug}-${n}.svg`;
export const projectImage = (tradeSlug: string, n: number) => `/images/projects/${tradeSlug}-${n}.svg`;
export const professionalAvatar = (n: number) => `/images/vendors/professional-${n}.svg`;
export const storeImage = (n: number) => `/images/vendors/store-${n}.svg`;
