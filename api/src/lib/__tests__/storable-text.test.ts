import { storableJson, storableText } from '../storable-text.js';

describe('storableText', () => {
  it('replaces NUL and lone surrogates with U+FFFD, keeps pairs and other text', () => {
    expect(storableText('a\u0000b', 10)).toBe('a\uFFFDb');
    expect(storableText('\ud800', 10)).toBe('\uFFFD');
    expect(storableText('x\udc00y', 10)).toBe('x\uFFFDy');
    expect(storableText('\udc00\ud800', 10)).toBe('\uFFFD\uFFFD');
    expect(storableText('Grüße 🥋', 10)).toBe('Grüße 🥋');
  });

  it('caps the length without cutting a surrogate pair', () => {
    expect(storableText('abcdef', 3)).toBe('abc');
    expect(storableText('ab🥋', 3)).toBe('ab');
    expect(storableText('a'.repeat(500), 100)).toHaveLength(100);
  });
});

describe('storableJson', () => {
  it('sanitises strings and keys at any depth, dates as JSON does', () => {
    expect(storableJson({ 'k\u0000': ['\ud800', { deep: 'a\u0000' }], n: 1, b: true, z: null, at: new Date('2026-01-02T03:04:05Z') })).toEqual({
      'k\uFFFD': ['\uFFFD', { deep: 'a\uFFFD' }], n: 1, b: true, z: null, at: '2026-01-02T03:04:05.000Z',
    });
  });
});
