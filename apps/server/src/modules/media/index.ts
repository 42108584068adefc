/**
 * The media module's public API (issue 15 "one media module"): the one image policy, the storage (DATA_DIR or an
 * S3-compatible bucket), the multipart file reader and the routes (POST/GET /api/uploads and THE one `/uploads/*`
 * route). Other modules import from here only; what no other module uses stays internal (knip checks it).
 */
export { FONT_MAX_BYTES, saveFont } from './fonts.js';
export { sniffImage } from './policy.js';
export { default as mediaRoutes, sendMedia } from './routes.js';
export { mediaUrl, printOriginalKey, saveShopperPhoto, saveUpload } from './service.js';
export { LocalMediaStorage, type MediaStorage, mediaStorageFor, type S3MediaStorage } from './storage.js';
export { readFileField } from './upload.js';
