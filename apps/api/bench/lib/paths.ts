import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/api */
export const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The repository root. */
export const ROOT_DIR = path.resolve(API_DIR, '..', '..');
/** The built server, as production runs it (`node apps/api/dist/server.js`). */
export const SERVER_JS = path.join(API_DIR, 'dist', 'server.js');
