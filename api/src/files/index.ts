/**
 * Files: bytes in a FileStore under server-made keys (the folder DATA_DIR/files or an
 * S3-compatible object store), metadata in the database; uploads checked by content;
 * downloads with safe headers.
 */
export {
  FileNotFoundError,
  isFileKey,
  isFileNotFound,
  newFileKey,
  variantKey,
  type FileStore,
  type OpenedFile,
} from './file-store.js';
export { FolderFileStore } from './folder-store.js';
export { S3FileStore, type S3Settings } from './s3-store.js';
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
