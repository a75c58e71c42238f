export { http, CLIENT_VERSION, REQUEST_TIMEOUT_MS, BATCH_REQUEST_TIMEOUT_MS, appBaseUrl, IDEMPOTENCY_KEY_HEADER, newIdempotencyKey } from './client.js';
export { toErrorCode, errorBodyCode, errorStatus, statusToErrorCode, errorFields } from './error-code.js';
export {
  reloadForNewVersion, pageReloader, RELOAD_STAMP_KEY, RELOAD_MIN_INTERVAL_MS,
} from './reload-guard.js';
export { HTTPError, TimeoutError } from 'ky';
export { useRequest, type RequestResult } from './use-request.js';
export { saveDownload, fileNameFromDisposition } from './save-download.js';
export { uploadWithProgress, type UploadOptions, type UploadProgress } from './upload.js';
