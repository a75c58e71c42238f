import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { ERROR } from 'shared-kernel/contracts';
import { badRequest, HttpError } from '../lib/http-error.js';
import { safeFileName } from './names.js';

/** Kinds of files an upload may accept; each is recognised by its content, never its name. */
export type FileKind = 'pdf' | 'jpeg' | 'png' | 'webp' | 'docx' | 'xlsx' | 'pptx' | 'odt' | 'ods' | 'txt' | 'csv' | 'bin';

/** Pictures (re-encoded on upload). */
export const IMAGE_KINDS: readonly FileKind[] = ['jpeg', 'png', 'webp'];
/** What a student document may be: PDF, pictures, office documents, plain text. */
export const DOCUMENT_KINDS: readonly FileKind[] = ['pdf', ...IMAGE_KINDS, 'docx', 'xlsx', 'pptx', 'odt', 'ods', 'txt'];

/** Canonical extension and Content-Type of each kind. */
export const KIND_INFO: Record<FileKind, { ext: string; mime: string }> = {
  pdf: { ext: 'pdf', mime: 'application/pdf' },
  jpeg: { ext: 'jpg', mime: 'image/jpeg' },
  png: { ext: 'png', mime: 'image/png' },
  webp: { ext: 'webp', mime: 'image/webp' },
  docx: { ext: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  xlsx: { ext: 'xlsx', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  pptx: { ext: 'pptx', mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
  odt: { ext: 'odt', mime: 'application/vnd.oasis.opendocument.text' },
  ods: { ext: 'ods', mime: 'application/vnd.oasis.opendocument.spreadsheet' },
  txt: { ext: 'txt', mime: 'text/plain; charset=utf-8' },
  csv: { ext: 'csv', mime: 'text/csv' },
  bin: { ext: 'bin', mime: 'application/octet-stream' },
};

/** file-type's extension -> our kind (everything else is refused). */
const DETECTED: Record<string, FileKind> = {
  pdf: 'pdf', jpg: 'jpeg', png: 'png', webp: 'webp', docx: 'docx', xlsx: 'xlsx', pptx: 'pptx', odt: 'odt', ods: 'ods',
};

/** Markup a browser might render or run: never accepted as "plain text". */
const MARKUP = /<\s*(?:!doctype|html|head|body|script|svg|iframe|object|embed|meta|link|style|\?xml|a\s)/i;

/** One accepted file, checked and (pictures) re-encoded. */
export interface Upload {
  /** Form field name of the part. */
  field: string;
  /** A safe display name: the sender's base name with the detected kind's extension. */
  name: string;
  /** The file name as the sender gave it (untrusted: for checks and messages only). */
  originalName: string;
  kind: FileKind;
  ext: string;
  mime: string;
  data: Buffer;
  size: number;
  /** Pictures: size after re-encoding. */
  width?: number;
  height?: number;
}

/** What readUploads accepts. */
export interface ReadUploadsOptions {
  maxFiles: number;
  maxFileBytes: number;
  allowed: readonly FileKind[];
  /** Fewest files (default 1). */
  minFiles?: number;
  /** Pictures with more pixels are refused (default 40 million). */
  maxPixels?: number;
  /** Pictures are scaled down to fit this many pixels on the longer side (default: keep). */
  maxImageSide?: number;
  /** Longest text field in bytes (default 1000; e.g. a JSON `data` field next to the files). */
  maxFieldBytes?: number;
  /**
   * The caller reads the bytes with its own parser, which answers its own error codes (a bank
   * statement: XML or a zip of XML files, never stored or served): the file comes back as kind
   * 'bin' without a check of its type. Sizes and counts are limited as for every upload.
   */
  parsedByCaller?: boolean;
}

/** Files and plain fields of a multipart request. */
export interface UploadResult {
  files: Upload[];
  fields: Record<string, string>;
}

const uploadError = (code: number) => new HttpError(400, { error: code });

/** The kind of `data` judged by its content, or null when it is none of `allowed`. */
export async function detectKind(data: Buffer, allowed: readonly FileKind[]): Promise<FileKind | null> {
  const detected = await fileTypeFromBuffer(data);
  if (detected) {
    const kind = DETECTED[detected.ext];
    return kind && allowed.includes(kind) ? kind : null;
  }
  if (data.length === 0 || data.includes(0)) return null;
  // CSV exports: text in UTF-8 or a Windows code page, never stored or served (the importer decodes and checks it).
  if (allowed.includes('csv')) return 'csv';
  if (!allowed.includes('txt')) return null;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return null;
  }
  return MARKUP.test(text) ? null : 'txt';
}

/**
 * Decodes and re-encodes a picture in its own format: drops every metadata block (EXIF with
 * GPS positions, XMP, comments; these are often children), applies the EXIF orientation
 * first, refuses pixel floods and undecodable data (400 {error: 1103}).
 */
export async function reencodeImage(
  data: Buffer,
  kind: FileKind,
  options: { maxPixels?: number; maxSide?: number } = {},
): Promise<{ data: Buffer; width: number; height: number }> {
  try {
    let image = sharp(data, { limitInputPixels: options.maxPixels ?? 40_000_000, failOn: 'error', animated: false }).rotate();
    if (options.maxSide) image = image.resize({ width: options.maxSide, height: options.maxSide, fit: 'inside', withoutEnlargement: true });
    image = kind === 'png' ? image.png({ compressionLevel: 6 }) : kind === 'webp' ? image.webp({ quality: 85 }) : image.jpeg({ quality: 85 });
    const { data: out, info } = await image.toBuffer({ resolveWithObject: true });
    return { data: out, width: info.width, height: info.height };
  } catch {
    throw uploadError(ERROR.imageRefused);
  }
}

function multipartCode(error: unknown): string {
  return typeof (error as { code?: unknown })?.code === 'string' ? (error as { code: string }).code : '';
}

/**
 * Reads the files (and small text fields) of a multipart request within limits, checking
 * each file's type by its content: a file that is none of `allowed` (an HTML page named
 * .pdf, a script named .jpg) answers 400 {error: 1100}; too large 400 {error: 1101}; too
 * many files 400 {error: 1102}; a bad or oversized picture 400 {error: 1103}; a request that
 * is not multipart or carries no file 400 {error: 4}. Pictures come back re-encoded.
 */
export async function readUploads(request: FastifyRequest, options: ReadUploadsOptions): Promise<UploadResult> {
  if (!request.isMultipart()) throw badRequest({ file: 'form.required' });
  const raw: { field: string; filename: string; data: Buffer }[] = [];
  const fields: Record<string, string> = {};
  try {
    const parts = request.parts({
      limits: {
        files: options.maxFiles,
        fileSize: options.maxFileBytes,
        parts: options.maxFiles + 10,
        fields: 10,
        fieldSize: options.maxFieldBytes ?? 1000,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (data.length > options.maxFileBytes) throw uploadError(ERROR.fileTooLarge);
        raw.push({ field: part.fieldname, filename: part.filename, data });
      } else if (typeof part.value === 'string' && !part.valueTruncated) {
        fields[part.fieldname] = part.value;
      } else {
        throw badRequest({ [part.fieldname]: 'form.invalid' });
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = multipartCode(error);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw uploadError(ERROR.fileTooLarge);
    if (code === 'FST_FILES_LIMIT') throw uploadError(ERROR.tooManyFiles);
    throw badRequest();
  }
  if (raw.length < (options.minFiles ?? 1)) throw badRequest({ file: 'form.required' });
  if (raw.length > options.maxFiles) throw uploadError(ERROR.tooManyFiles);

  const files: Upload[] = [];
  for (const item of raw) {
    if (item.data.length === 0) throw uploadError(ERROR.fileTypeRefused);
    const kind = options.parsedByCaller ? 'bin' : await detectKind(item.data, options.allowed);
    if (!kind) throw uploadError(ERROR.fileTypeRefused);
    const { ext, mime } = KIND_INFO[kind];
    let data = item.data;
    let width: number | undefined;
    let height: number | undefined;
    if (IMAGE_KINDS.includes(kind)) {
      ({ data, width, height } = await reencodeImage(item.data, kind, { maxPixels: options.maxPixels, maxSide: options.maxImageSide }));
    }
    files.push({ field: item.field, name: safeFileName(item.filename, ext), originalName: item.filename, kind, ext, mime, data, size: data.length, width, height });
  }
  return { files, fields };
}
