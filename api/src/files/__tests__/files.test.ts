import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { loadConfig, parseS3Settings } from '../../config.js';
import { openFileStore } from '../../plugins/app/files.js';
import { startTestS3, type TestS3 } from '../../../test/support/s3.js';
import { isFileKey, newFileKey, variantKey, type FileStore } from '../file-store.js';
import { FolderFileStore } from '../folder-store.js';
import { imageVariant } from '../image-variants.js';
import { asciiFileName, contentDisposition, safeFileName } from '../names.js';
import { S3FileStore } from '../s3-store.js';
import { detectKind, DOCUMENT_KINDS, IMAGE_KINDS, reencodeImage } from '../uploads.js';

const BAD_KEYS = ['../etc/passwd', 'ab/../../x', 'ab/ab', 'zz/ab00000000000000000000000000000000', '', 'AB/AB000000000000000000000000000000'];

async function collect(iterable: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const item of iterable) out.push(item);
  return out.sort();
}

async function streamChunks(stream: NodeJS.ReadableStream): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return chunks;
}

// The same tests for both backends: a store is a store, whichever the configuration picks.
// The object store runs as a local S3-compatible server (s3rver) on 127.0.0.1, reached through
// the real AWS SDK client.
describe.each(['folder', 's3'] as const)('file store (%s backend)', (backend) => {
  let root: string;
  let s3: TestS3 | null = null;
  let store: FileStore;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'sbo-store-test-'));
    if (backend === 's3') {
      s3 = await startTestS3();
      const settings = s3.settings(await s3.newBucket());
      store = new S3FileStore(settings);
      await (store as S3FileStore).check();
    } else {
      store = new FolderFileStore(root);
    }
  });
  afterAll(async () => {
    await store.close();
    await s3?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('stores bytes under server-made keys and refuses anything else as a key', async () => {
    const key = await store.put(Buffer.from('hello'));
    expect(isFileKey(key)).toBe(true);
    expect((await store.read(key)).toString()).toBe('hello');
    expect(await store.size(key)).toBe(5);
    const variant = variantKey(key, '200x0');
    expect(variant).toBe(`${key}.200x0`);
    expect(() => variantKey(key, '../x')).toThrow();
    for (const bad of [...BAD_KEYS, `${key}/x`, `${key}.A`]) {
      await expect(store.put(Buffer.from('x'), bad)).rejects.toThrow('not a file key');
      await expect(store.read(bad)).rejects.toThrow();
      await expect(store.open(bad)).rejects.toThrow();
      await expect(store.remove(bad)).rejects.toThrow();
      expect(await store.size(bad)).toBeNull();
    }
    await store.remove(key);
    expect(await store.size(key)).toBeNull();
    await store.remove(key); // gone already: no error
  });

  it('treats a key without bytes as missing: size null, open null, read rejects with ENOENT', async () => {
    const missing = newFileKey();
    expect(await store.size(missing)).toBeNull();
    expect(await store.open(missing)).toBeNull();
    await expect(store.read(missing)).rejects.toMatchObject({ code: 'ENOENT' });
    await store.remove(missing);
  });

  it('writes a given key again with new bytes (a picture size made anew)', async () => {
    const key = await store.put(Buffer.from('first'));
    const variant = await store.put(Buffer.from('small'), variantKey(key, '100x0'));
    await store.put(Buffer.from('smaller'), variant);
    expect((await store.read(variant)).toString()).toBe('smaller');
    expect((await store.read(key)).toString()).toBe('first');
    await store.removeQuietly([key, variant, null, undefined, 'not-a-key']);
    expect([await store.size(key), await store.size(variant)]).toEqual([null, null]);
  });

  it('opens a large file as a stream that arrives in pieces, with its size', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024 + 17);
    for (let i = 0; i < big.length; i++) big[i] = (i * 31) & 0xff;
    const key = await store.put(big);
    const opened = await store.open(key);
    expect(opened?.size).toBe(big.length);
    const chunks = await streamChunks(opened!.stream);
    expect(chunks.length).toBeGreaterThan(1); // streamed, not one buffer of the whole file
    expect(Buffer.concat(chunks).equals(big)).toBe(true);
    expect((await store.read(key)).equals(big)).toBe(true);
    await store.remove(key);
  });

  it('lists every stored key and nothing else', async () => {
    const before = await collect(store.keys());
    const a = await store.put(Buffer.from('a'));
    const b = await store.put(Buffer.from('bb'));
    const aSmall = await store.put(Buffer.from('a1'), variantKey(a, '40x40'));
    expect(await collect(store.keys())).toEqual([...before, a, aSmall, b].sort());
    await store.removeQuietly([a, b, aSmall]);
    expect(await collect(store.keys())).toEqual(before);
  });

  it('makes a picture size once and keeps it in the store; a missing original answers 404', async () => {
    const png = await sharp({ create: { width: 80, height: 40, channels: 3, background: '#00aa00' } }).png().toBuffer();
    const key = await store.put(png);
    const small = await imageVariant(store, key, '20x0');
    expect(await sharp(small).metadata()).toMatchObject({ width: 20, height: 10 });
    expect(await store.size(variantKey(key, '20x0'))).toBe(small.length);
    expect((await imageVariant(store, key, '20x0')).equals(small)).toBe(true);
    await expect(imageVariant(store, newFileKey(), '20x0')).rejects.toMatchObject({ statusCode: 404 });
    await store.removeQuietly([key, variantKey(key, '20x0')]);
  });

  if (backend === 'folder') {
    it('keeps each key as a path under its root only', async () => {
      const folder = store as FolderFileStore;
      const key = await folder.put(Buffer.from('x'));
      expect(folder.path(key)).toBe(join(root, key));
      for (const bad of [...BAD_KEYS, `${key}/x`]) expect(() => folder.path(bad)).toThrow();
      await folder.remove(key);
    });
  }

  if (backend === 's3') {
    it('keeps each key as the object of the same name, so a store moved from a folder keeps its keys', async () => {
      const key = await store.put(Buffer.from('in the bucket'));
      const bucket = (store as S3FileStore).bucket;
      const object = await s3!.client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      expect(await object.Body!.transformToString()).toBe('in the bucket');
      // An object another tool put there (not a store key) is not the store's.
      await s3!.client.send(new PutObjectCommand({ Bucket: bucket, Key: 'backup/readme.txt', Body: 'x' }));
      expect(await collect(store.keys())).toContain(key);
      expect(await collect(store.keys())).not.toContain('backup/readme.txt');
      await store.remove(key);
    });

    it('refuses to start on a bucket that does not exist or with an unknown access key, naming the bucket', async () => {
      const missing = new S3FileStore(s3!.settings('no-such-bucket-here'));
      await expect(missing.check()).rejects.toThrow('The object store bucket "no-such-bucket-here" cannot be used (it does not exist)');
      await missing.close();
      const bucket = (store as S3FileStore).bucket;
      const wrong = new S3FileStore({ ...s3!.settings(bucket), credentials: { accessKeyId: 'NOT-A-KEY', secretAccessKey: 'wrong-secret' } });
      await expect(wrong.check()).rejects.toThrow(`The object store bucket "${bucket}" cannot be used (access denied)`);
      await wrong.close();
    });
  }
});

describe('file names', () => {
  it('cleans names users send and keeps headers safe', () => {
    expect(safeFileName('C:\\Users\\me\\Zeugnis Müller.PDF', 'pdf')).toBe('Zeugnis Müller.pdf');
    expect(safeFileName('../../etc/passwd', 'txt')).toBe('passwd.txt');
    expect(safeFileName('evil"\r\nSet-Cookie: x.html', 'pdf')).toBe('evilSet-Cookie x.pdf');
    expect(safeFileName('', 'jpg')).toBe('file.jpg');
    expect(safeFileName('.htaccess', 'txt')).toBe('htaccess.txt');
    expect(asciiFileName('Schüler Übersicht ß.csv')).toBe('Schueler Uebersicht ss.csv');
    expect(contentDisposition('Bericht "neu"\r\n.pdf')).toBe(
      'attachment; filename="Bericht neu.pdf"; filename*=UTF-8\'\'Bericht%20neu.pdf',
    );
    expect(contentDisposition('Prüfung (1).pdf')).toBe("attachment; filename=\"Pruefung (1).pdf\"; filename*=UTF-8''Pr%C3%BCfung%20%281%29.pdf");
  });
});

describe('content checks', () => {
  it('recognises types by content, never by name', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#ff0000' } }).png().toBuffer();
    expect(await detectKind(png, IMAGE_KINDS)).toBe('png');
    expect(await detectKind(Buffer.from('%PDF-1.4\n%%EOF\n'), DOCUMENT_KINDS)).toBe('pdf');
    expect(await detectKind(Buffer.from('%PDF-1.4\n%%EOF\n'), IMAGE_KINDS)).toBeNull();
    expect(await detectKind(Buffer.from('Einfacher Text, Grüße.\n'), DOCUMENT_KINDS)).toBe('txt');
    expect(await detectKind(Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>'), DOCUMENT_KINDS)).toBeNull();
    expect(await detectKind(Buffer.from('<svg onload="alert(1)"/>'), DOCUMENT_KINDS)).toBeNull();
    expect(await detectKind(Buffer.from([0x00, 0x01, 0x02]), DOCUMENT_KINDS)).toBeNull();
    expect(await detectKind(Buffer.from([0xc3, 0x28]), DOCUMENT_KINDS)).toBeNull(); // not UTF-8
    expect(await detectKind(Buffer.from('MZ\x90\x00'), DOCUMENT_KINDS)).toBeNull();
  });

  it('re-encodes pictures without their EXIF data and refuses pixel floods', async () => {
    const withGps = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366aa' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Kid' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '47/1 4/1 0/1' } })
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    const clean = await reencodeImage(withGps, 'jpeg');
    const meta = await sharp(clean.data).metadata();
    expect(meta.exif).toBeUndefined();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 40, 30]);
    await expect(reencodeImage(withGps, 'jpeg', { maxPixels: 100 })).rejects.toMatchObject({ statusCode: 400, body: { error: 1103 } });
    await expect(reencodeImage(Buffer.from('not an image'), 'png')).rejects.toMatchObject({ body: { error: 1103 } });
  });
});

describe('file store configuration', () => {
  it('uses the folder unless S3_BUCKET is set, and reads the object store settings', () => {
    expect(parseS3Settings({})).toBeNull();
    expect(parseS3Settings({ S3_BUCKET: 'sbo-files', S3_URL: 'http://127.0.0.1:9000/', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' })).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'sbo-files',
      region: 'us-east-1',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    // AWS itself: no endpoint, virtual-hosted buckets, the SDK's own credential chain.
    expect(parseS3Settings({ S3_BUCKET: 'sbo-files', AWS_REGION: 'eu-central-1' })).toEqual({
      endpoint: null,
      bucket: 'sbo-files',
      region: 'eu-central-1',
      credentials: null,
      forcePathStyle: false,
    });
    expect(parseS3Settings({ S3_BUCKET: 'b.files', S3_URL: 'https://s3.example.org', S3_REGION: 'de-1', S3_FORCE_PATH_STYLE: 'off' })).toMatchObject({ region: 'de-1', forcePathStyle: false });
  });

  it('refuses unusable settings at start, naming the variable and never echoing a secret', () => {
    expect(() => parseS3Settings({ S3_URL: 'http://127.0.0.1:9000' })).toThrow('S3_BUCKET is not');
    expect(() => parseS3Settings({ S3_BUCKET: 'Bad_Bucket' })).toThrow('S3_BUCKET must be a bucket name');
    expect(() => parseS3Settings({ S3_BUCKET: 'ok-bucket', S3_URL: 'ftp://host' })).toThrow('S3_URL must be an http(s) URL');
    expect(() => parseS3Settings({ S3_BUCKET: 'ok-bucket', S3_URL: 'http://user:topsecret@host' })).toThrow(/^(?!.*topsecret).*S3_URL must be/);
    expect(() => parseS3Settings({ S3_BUCKET: 'ok-bucket', S3_ACCESS_KEY_ID: 'id' })).toThrow('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
    expect(() => parseS3Settings({ S3_BUCKET: 'ok-bucket', S3_FORCE_PATH_STYLE: 'maybe' })).toThrow('S3_FORCE_PATH_STYLE must be');
  });

  it('does not start when the configured bucket cannot be used', async () => {
    const s3 = await startTestS3();
    const dataDir = mkdtempSync(join(tmpdir(), 'sbo-store-config-'));
    try {
      await expect(openFileStore(loadConfig({ DATA_DIR: dataDir, ...s3.env('not-created') }))).rejects.toThrow(
        'The object store bucket "not-created" cannot be used (it does not exist)',
      );
      const bucket = await s3.newBucket();
      const { store, temporary } = await openFileStore(loadConfig({ DATA_DIR: dataDir, ...s3.env(bucket) }));
      expect([store.kind, store.location, temporary]).toEqual(['s3', `s3://${bucket}`, null]);
      await store.close();
      const folder = await openFileStore(loadConfig({ DATA_DIR: dataDir }));
      expect([folder.store.kind, folder.store.location]).toEqual(['folder', join(dataDir, 'files')]);
    } finally {
      await s3.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
