import { coerceStrictly, DATE_FORMATS } from '../route-schemas.js';

describe('coerceStrictly', () => {
  const query = {
    type: 'object',
    properties: {
      id: { type: 'integer' },
      tax: { type: ['number', 'null'] },
      done: { type: 'boolean' },
      name: { type: 'string' },
      ids: { type: 'array', items: { type: 'integer' } },
    },
  };

  it('turns plain decimal text into numbers, and nothing else', () => {
    expect(coerceStrictly(query, { id: '42', tax: '20.5', done: 'true', name: '7', ids: '3' })).toEqual({ id: 42, tax: 20.5, done: true, name: '7', ids: [3] });
    for (const text of ['0x10', '1e3', ' 7', '7 ', '1.0', '+5', '', 'Infinity', '1_000']) {
      expect(coerceStrictly(query, { id: text })).toEqual({ id: text });
    }
    expect(coerceStrictly(query, { tax: '' })).toEqual({ tax: null });
    expect(coerceStrictly(query, { done: '1' })).toEqual({ done: '1' });
  });

  it('never turns booleans into numbers or text', () => {
    expect(coerceStrictly(query, { id: true, tax: false, name: true })).toEqual({ id: true, tax: false, name: true });
  });

  it('follows nested objects, lists and the named branch of an anyOf', () => {
    const body = {
      type: 'object',
      properties: {
        filtered: {
          type: 'array',
          items: {
            anyOf: [
              { type: 'object', properties: { id: { type: 'string', enum: ['sid'] }, value: { type: 'integer' } } },
              { type: 'object', properties: { id: { type: 'string', enum: ['ln'] }, value: { type: 'string' } } },
            ],
          },
        },
      },
    };
    expect(coerceStrictly(body, { filtered: [{ id: 'sid', value: '2' }, { id: 'ln', value: '2' }, { id: 'sid', value: '0x2' }] })).toEqual({
      filtered: [{ id: 'sid', value: 2 }, { id: 'ln', value: '2' }, { id: 'sid', value: '0x2' }],
    });
  });
});

describe('DATE_FORMATS', () => {
  it('accepts only real calendar dates in range', () => {
    expect(DATE_FORMATS.date!('2024-02-29')).toBe(true);
    for (const bad of ['2026-02-30', '2025-02-29', '2026-04-31', '2026-13-01', '1899-12-31', '2100-01-01', '2026-1-1', '02026-01-01']) {
      expect([bad, DATE_FORMATS.date!(bad)]).toEqual([bad, false]);
    }
    expect(DATE_FORMATS['birth-date']!('1900-01-01')).toBe(true);
    expect(DATE_FORMATS['birth-date']!('2999-01-01')).toBe(false);
    expect(DATE_FORMATS['near-date']!(new Date().toISOString().slice(0, 10))).toBe(true);
    expect(DATE_FORMATS['near-date']!('1900-01-01')).toBe(false);
  });
});
