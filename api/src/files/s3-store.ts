import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { assertFileKey, FileNotFoundError, isFileKey, newFileKey, removeKeysQuietly, type FileStore, type OpenedFile } from './file-store.js';

/** The object store settings (S3_* variables, see README "Configuration"). */
export interface S3Settings {
  /** Endpoint URL (MinIO, Ceph, a provider); null = AWS itself, found from the region. */
  endpoint: string | null;
  bucket: string;
  region: string;
  /** Explicit keys, or null: the SDK's own chain (AWS_* variables, profile, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint>/<key>` (MinIO, Ceph). */
  forcePathStyle: boolean;
}

function httpStatus(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

/** A 404 about the object (not about the bucket: a missing bucket is a broken setup, not a missing file). */
function isMissingObject(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name !== 'NoSuchBucket' && (name === 'NoSuchKey' || name === 'NotFound' || httpStatus(error) === 404);
}

/** The SDK client for these settings. */
export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint ?? undefined,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials ?? undefined,
    // The SDK's default since 3.729 adds CRC32 checksums to every upload and checks them on
    // downloads; several S3-compatible servers (older MinIO and Ceph, test servers) refuse or
    // lack them. Only where the protocol requires one; TLS and S3's own MD5/ETag still guard.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // Fail fast when the store is unreachable instead of hanging a request; the request
    // timeout is an idle timeout on the socket, so long downloads are not cut.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
}

/**
 * The object store backend: every key is an object of the bucket under the same name
 * (`ab/ab…`), so a store moved from the folder keeps its keys. Shared by every API process
 * on every machine.
 */
export class S3FileStore implements FileStore {
  readonly kind = 's3';
  readonly bucket: string;
  readonly client: S3Client;
  private readonly ownsClient: boolean;

  constructor(settings: S3Settings, client?: S3Client) {
    this.bucket = settings.bucket;
    this.client = client ?? createS3Client(settings);
    this.ownsClient = !client;
  }

  get location(): string {
    return `s3://${this.bucket}`;
  }

  /** Throws (with the store's own words, never the SDK's credentials) when the bucket cannot be used. */
  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      const status = httpStatus(error);
      const why = status === 404 ? 'it does not exist' : status === 403 ? 'access denied' : `${(error as Error).name}: ${(error as Error).message}`;
      throw new Error(`The object store bucket "${this.bucket}" cannot be used (${why}); check S3_URL, S3_BUCKET and the credentials`, { cause: error });
    }
  }

  async put(bytes: Buffer, key = newFileKey()): Promise<string> {
    assertFileKey(key);
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentLength: bytes.length }));
    return key;
  }

  /** Uploads a stream of known length (the move from the folder: no file held in memory). */
  async putStream(key: string, body: Readable, size: number): Promise<void> {
    assertFileKey(key);
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentLength: size }));
  }

  async read(key: string): Promise<Buffer> {
    const opened = await this.open(key);
    if (!opened) throw new FileNotFoundError(key);
    const chunks: Buffer[] = [];
    for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async size(key: string): Promise<number | null> {
    if (!isFileKey(key)) return null;
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isMissingObject(error)) return null;
      throw error;
    }
  }

  async open(key: string): Promise<OpenedFile | null> {
    assertFileKey(key);
    try {
      // One GET gives the length and the body; the body is the HTTP response stream, piped
      // to the client as it arrives (never buffered whole).
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      const stream = object.Body as Readable | undefined;
      if (!stream) return null;
      return { size: object.ContentLength ?? 0, stream };
    } catch (error) {
      if (isMissingObject(error)) return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    assertFileKey(key);
    // S3 answers a delete of a missing object with success, as the folder's rm({force}) does.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async removeQuietly(keys: readonly (string | null | undefined)[]): Promise<void> {
    await removeKeysQuietly(this, keys);
  }

  async *keys(): AsyncIterable<string> {
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }));
      for (const object of page.Contents ?? []) if (isFileKey(object.Key)) yield object.Key;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async close(): Promise<void> {
    if (this.ownsClient) this.client.destroy();
  }
}
