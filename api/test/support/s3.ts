import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from '@20minutes/s3rver';
import { createS3Client } from '../../src/files/s3-store.js';
import type { S3Settings } from '../../src/files/s3-store.js';

/**
 * A local S3-compatible server for tests (s3rver, an npm package implementing the S3 REST
 * protocol over a temporary folder), on 127.0.0.1 at a free port. The product talks to it
 * through the real AWS SDK client, as it would to AWS, MinIO or Ceph.
 */
export interface TestS3 {
  /** Endpoint, e.g. http://127.0.0.1:41234. */
  url: string;
  /** The keys s3rver accepts (an unknown access key id is refused with 403). */
  accessKeyId: string;
  secretAccessKey: string;
  /** A new empty bucket (unique name) on this server. */
  newBucket(prefix?: string): Promise<string>;
  /** Settings of the product's S3 backend for `bucket`. */
  settings(bucket: string): S3Settings;
  /** The server's environment variables for `bucket` (what an operator would set). */
  env(bucket: string): Record<string, string>;
  /** An SDK client of the test's own, to look at the bucket behind the app's back. */
  client: S3Client;
  stop(): Promise<void>;
}

export async function startTestS3(): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'sbo-s3-'));
  // allowMismatchedSignatures: s3rver builds the canonical path of bucket-level requests
  // (HeadBucket, ListObjectsV2, CreateBucket) without the trailing slash the SDK signs
  // (`/bucket/`), so it cannot check those signatures. It still refuses unknown access keys.
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, resetOnClose: true, allowMismatchedSignatures: true });
  const address = (await server.run()) as { port: number };
  const url = `http://127.0.0.1:${address.port}`;
  const accessKeyId = 'S3RVER';
  const secretAccessKey = 'S3RVER';
  const settings = (bucket: string): S3Settings => ({
    endpoint: url,
    bucket,
    region: 'us-east-1',
    credentials: { accessKeyId, secretAccessKey },
    forcePathStyle: true,
  });
  const client = createS3Client(settings('unused'));
  return {
    url,
    accessKeyId,
    secretAccessKey,
    client,
    settings,
    env: (bucket) => ({ S3_URL: url, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey }),
    newBucket: async (prefix = 'sbo-test') => {
      const bucket = `${prefix}-${randomBytes(5).toString('hex')}`;
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      return bucket;
    },
    stop: async () => {
      client.destroy();
      const http = (server as unknown as { httpServer?: Server }).httpServer;
      // Keep-alive sockets of SDK clients would hold close() open.
      http?.closeAllConnections();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
