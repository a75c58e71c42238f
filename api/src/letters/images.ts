import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { ERROR } from 'shared-kernel/contracts';
import { LIMITS } from './limits.js';
import { LetterError, tooLarge } from './types.js';

export interface ImageSize {
  width: number;
  height: number;
}

const refused = (what: string, why: string) => new LetterError(ERROR.letterImageRefused, `${what}: ${why}`);

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): ImageSize | null {
  if (bytes.length < 24 || bytes.toString('ascii', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Width and height from a JPEG's first start-of-frame marker (SOF0…SOF15 without DHT/JPG/DAC). */
function jpegSize(bytes: Buffer): ImageSize | null {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) { at += 1; continue; } // fill byte
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) { at += 2; continue; }
    const length = bytes.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    if (length < 2) return null;
    at += 2 + length;
  }
  return null;
}

/**
 * Checks a logo or signature before the PDF library decodes it: PNG or JPEG by content, its
 * size read from the header, bytes and pixels within LIMITS (a small file can claim a huge
 * picture, and decoding it would take the memory the header promises).
 */
export function checkImage(bytes: Buffer, what: string): ImageSize {
  if (bytes.length > LIMITS.imageBytes) throw tooLarge(`${what} has more than ${LIMITS.imageBytes} bytes`);
  const isPng = bytes.length > 8 && bytes.readUInt32BE(0) === 0x89504e47 && bytes.readUInt32BE(4) === 0x0d0a1a0a;
  const isJpeg = bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  if (!isPng && !isJpeg) throw refused(what, 'neither PNG nor JPEG');
  const size = isPng ? pngSize(bytes) : jpegSize(bytes);
  if (!size || size.width < 1 || size.height < 1) throw refused(what, 'no readable size');
  if (size.width > LIMITS.imageSide || size.height > LIMITS.imageSide || size.width * size.height > LIMITS.imagePixels) {
    throw tooLarge(`${what} has ${size.width}x${size.height} pixels`);
  }
  return size;
}

/** The largest size of `size`'s proportions within a box (points). */
export function fitInto(size: ImageSize, maxWidth: number, maxHeight: number): ImageSize {
  const scale = Math.min(maxWidth / size.width, maxHeight / size.height);
  return { width: size.width * scale, height: size.height * scale };
}

/** A picture ready for the PDF: its bytes and pixel size. */
export interface LetterImage {
  bytes: Buffer;
  size: ImageSize;
}

/** Longest side of a picture in the PDF: 1200 px is 600 dpi at the largest box (50 mm). */
const MAX_SIDE = 1200;
const prepared = new Map<string, Promise<LetterImage>>();
const CACHE_SIZE = 16;

/**
 * Checks a picture (checkImage) and re-encodes it once with sharp: turned upright by its EXIF
 * orientation, at most MAX_SIDE pixels, 8-bit PNG when it has transparency, else JPEG. The PDF
 * library then only meets plain pictures of a bounded size (no 16-bit, interlaced or CMYK
 * surprises, no 20-megapixel logo decoded in JavaScript for every letter). The result is kept
 * for the next letters of a batch (a few entries, by content hash).
 */
export function prepareImage(bytes: Buffer, what: string): Promise<LetterImage> {
  checkImage(bytes, what);
  const key = createHash('sha256').update(bytes).digest('hex');
  let result = prepared.get(key);
  if (!result) {
    result = reencode(bytes, what);
    prepared.set(key, result);
    result.catch(() => prepared.delete(key));
    if (prepared.size > CACHE_SIZE) prepared.delete(prepared.keys().next().value!);
  }
  return result;
}

async function reencode(bytes: Buffer, what: string): Promise<LetterImage> {
  try {
    const image = sharp(bytes, { limitInputPixels: LIMITS.imagePixels, failOn: 'error' })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const { hasAlpha } = await image.metadata();
    const encoded = hasAlpha ? image.png({ compressionLevel: 6 }) : image.flatten({ background: '#ffffff' }).jpeg({ quality: 90 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { bytes: data, size: { width: info.width, height: info.height } };
  } catch (error) {
    throw refused(what, (error as Error).message);
  }
}
