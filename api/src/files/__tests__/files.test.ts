import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { FileStore, isFileKey } from '../file-store.js';
import { asciiFileName, contentDisposition, safeFileName } from '../names.js';
import { detectKind, DOCUMENT_KINDS, IMAGE_KINDS, reencodeImage } from '../uploads.js';

describe('file store', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'sbo-store-test-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('stores bytes under server-made keys and refuses anything else as a key', async () => {
    const store = new FileStore(root);
    const key = await store.put(Buffer.from('hello'));
    expect(isFileKey(key)).toBe(true);
    expect(store.path(key)).toBe(join(root, key));
    expect((await store.read(key)).toString()).toBe('hello');
    expect(await store.size(key)).toBe(5);
    const variant = FileStore.variantKey(key, '200x0');
    expect(variant).toBe(`${key}.200x0`);
    for (const bad of ['../etc/passwd', 'ab/../../x', 'ab/ab', 'zz/ab00000000000000000000000000000000', `${key}/x`, `${key}.A`, '']) {
      expect(() => store.path(bad)).toThrow();
    }
    await store.remove(key);
    expect(await store.size(key)).toBeNull();
    await store.remove(key); // gone already: no error
  });
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
