import path from 'node:path';

/**
 * The server package's folder, the same whether this runs from src/ (tsx in development and tests) or from
 * the bundle in dist/ (`npm start`): every shipped file (migrations, images, the built web app) is found from it.
 */
export const SERVER_ROOT = path.resolve(import.meta.dirname, '..');
