/**
 * The media module's public API (issue 15 "one media module"): the one image policy, the storage (DATA_DIR or an
 * S3-compatible bucket), the multipart file reader, the upload service and the routes (POST/GET /api/uploads and
 * THE one `/uploads/*` route). Other modules import from here only.
 */
export { ImageDecodeError, MAX_INPUT_PIXELS, mediaTypeOfName, sniffImage, type WebSize, webSizes } from './policy.js';
export { default as mediaRoutes, sendMedia } from './routes.js';
export { listUploads, mediaUrl, saveUpload, servableOnHost, uploadedImageOf } from './service.js';
export {
  isMediaKey,
  LocalMediaStorage,
  MEDIA_KEY,
  type MediaObject,
  type MediaStorage,
  mediaStorageFor,
  S3MediaStorage,
  type S3Settings,
} from './storage.js';
export { readFileField } from './upload.js';
