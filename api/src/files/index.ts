/**
 * Files: bytes in a FileStore under server-made keys (DATA_DIR/files), metadata in the
 * database; uploads checked by content; downloads with safe headers.
 */
export { FileStore, isFileKey } from './file-store.js';
export { asciiFileName, contentDisposition, safeFileName } from './names.js';
export { sendStoredFile, type StoredFileRef } from './send.js';
export {
  DOCUMENT_KINDS,
  IMAGE_KINDS,
  KIND_INFO,
  detectKind,
  readUploads,
  reencodeImage,
  type FileKind,
  type ReadUploadsOptions,
  type Upload,
  type UploadResult,
} from './uploads.js';
export { imageVariant } from './image-variants.js';
