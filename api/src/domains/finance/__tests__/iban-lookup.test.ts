import type { IbanLookup } from 'shared-kernel/contracts';
import { backends, createTestApp, type TestApp } from '../../../../test/support/test-app.js';
import { bankDirectories, lookupIban } from '../iban-lookup.js';

jest.setTimeout(120_000);

describe('lookupIban and the bank directories', () => {
  it('names the directories in use, read from the installed packages', () => {
    const directories = bankDirectories();
    expect(directories.germanyPackage).toMatch(/^\d+\.\d{4}\.\d+$/);
    expect(directories.germanyNextFileFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(directories.austriaPackage).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('takes spaces and lower case like the forms do', () => {
    expect(lookupIban('de89 3704 0044 0532 0130 00')).toEqual({ valid: true, bic: 'COBADEFFXXX', bank: 'Commerzbank' });
  });
});

describe.each(backends())('GET /api-conclusion/iban on %s', (backend) => {
  let t: TestApp;
  const cookies: Record<string, string> = {};
  const lookup = (v: string, user = 'conclusion') =>
    t.request({ method: 'GET', url: `/api-conclusion/iban?v=${encodeURIComponent(v)}`, headers: cookies[user] ? { cookie: cookies[user] } : {} });

  beforeAll(async () => {
    t = await createTestApp({ backend });
    cookies.conclusion = (await t.loginAs({ atoms: ['conclusion_w'] })).cookie;
    cookies.accounts = (await t.loginAs({ atoms: ['s_account_r'] })).cookie;
    cookies.finance = (await t.loginAs({ atoms: ['finance_r'] })).cookie;
    cookies.trainer = (await t.loginAs({ atoms: ['student_r', 'reminder_r'] })).cookie;
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ['a German IBAN (Commerzbank)', 'DE89370400440532013000', { valid: true, bic: 'COBADEFFXXX', bank: 'Commerzbank' }],
    ['a German IBAN in groups of four', 'DE02 1005 0000 0054 5404 02', { valid: true, bic: 'BELADEBEXXX', bank: 'BSK 1818 - Berliner Sparkasse' }],
    // The Austrian directory has BICs but no bank names.
    ['an Austrian IBAN (Raiffeisenlandesbank NÖ-Wien)', 'AT483200000012345864', { valid: true, bic: 'RLNWATWWXXX', bank: '' }],
    ['a valid Austrian IBAN of a bank code the directory lacks', 'AT611904300234573201', { valid: true, bic: '', bank: '' }],
    ['a valid IBAN of another country', 'GB29NWBK60161331926819', { valid: true, bic: '', bank: '' }],
    ['a German IBAN with a wrong check digit', 'DE88370400440532013000', { valid: false, bic: '', bank: '' }],
    ['an Austrian IBAN one digit short', 'AT48320000001234586', { valid: false, bic: '', bank: '' }],
    // The Raiffeisen sample with its last digit changed: the bank code is known, the checksum wrong.
    ['an Austrian IBAN with a wrong checksum', 'AT483200000012345865', { valid: false, bic: '', bank: '' }],
    ['a German IBAN with two digits swapped', 'DE89370400440532031000', { valid: false, bic: '', bank: '' }],
    ['garbage', '<script>', { valid: false, bic: '', bank: '' }],
    ['an empty value', '', { valid: false, bic: '', bank: '' }],
  ])('%s', async (_what, iban, expected) => {
    const res = await lookup(iban);
    expect(res.statusCode).toBe(200);
    expect(res.json<IbanLookup>()).toEqual(expected);
  });

  it('refuses a value longer than any IBAN and a missing value with 400', async () => {
    const tooLong = await lookup(`DE89${'3'.repeat(60)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<{ error: number }>().error).toEqual(expect.any(Number));
    const missing = await t.request({ method: 'GET', url: '/api-conclusion/iban', headers: { cookie: cookies.conclusion! } });
    expect(missing.statusCode).toBe(400);
  });

  it('answers the account settings and finance, refuses others (403) and anonymous callers (401)', async () => {
    expect((await lookup('DE89370400440532013000', 'accounts')).json<IbanLookup>().bic).toBe('COBADEFFXXX');
    expect((await lookup('DE89370400440532013000', 'finance')).statusCode).toBe(200);
    const trainer = await lookup('DE89370400440532013000', 'trainer');
    expect(trainer.statusCode).toBe(403);
    expect(trainer.json()).toEqual({ error: 3 });
    const anonymous = await lookup('DE89370400440532013000', 'nobody');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: 2 });
  });
});
