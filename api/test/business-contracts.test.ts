import { finDashQuerySchema, ieChartQuerySchema, newsListSchema, ticketQuerySchema } from 'shared-kernel/contracts';
import { isValidCreditorId, isValidIban, makeCreditorId, makeIban } from '../src/seed/iban.js';

async function valid(schema: { validate(v: unknown): Promise<unknown> }, value: unknown): Promise<boolean> {
  try {
    await schema.validate(value);
    return true;
  } catch {
    return false;
  }
}

describe('business input schemas (shared with the screens)', () => {
  it('news list accepts the news columns and refuses unknown sort/filter ids and fields', async () => {
    const base = { page: 0, pageSize: 10 };
    expect(await valid(newsListSchema, { ...base, sorted: [{ id: 'title', desc: false }], filtered: [{ id: 'title', value: 'Ge' }] })).toBe(true);
    expect(await valid(newsListSchema, { ...base, filtered: [{ id: 'active', value: true }] })).toBe(true);
    expect(await valid(newsListSchema, { ...base, sorted: [{ id: 'password_hash', desc: false }] })).toBe(false);
    expect(await valid(newsListSchema, { ...base, filtered: [{ id: 'active', value: 'yes' }] })).toBe(false);
    // Unknown top-level keys are dropped (yup noUnknown strips when not strict).
    expect(await newsListSchema.validate({ ...base, extra: 1 })).not.toHaveProperty('extra');
    expect(await valid(newsListSchema, { page: -1, pageSize: 10 })).toBe(false);
  });

  it('ticket query needs mode 1 or 2 and a positive id', async () => {
    expect(await valid(ticketQuerySchema, { m: '1' })).toBe(true);
    expect(await valid(ticketQuerySchema, { m: 2, id: '5' })).toBe(true);
    expect(await valid(ticketQuerySchema, { m: 3 })).toBe(false);
    expect(await valid(ticketQuerySchema, { m: 1, id: 0 })).toBe(false);
    expect(await valid(ticketQuerySchema, { id: 4 })).toBe(false);
  });

  it('finance queries need a plausible year and month', async () => {
    expect(await valid(finDashQuerySchema, { year: '2026' })).toBe(true);
    expect(await valid(finDashQuerySchema, { year: 'abc' })).toBe(false);
    expect(await valid(ieChartQuerySchema, { year: 2026, month: 11 })).toBe(true);
    expect(await valid(ieChartQuerySchema, { year: 2026, month: 13 })).toBe(false);
    expect(await valid(ieChartQuerySchema, { year: 2026 })).toBe(false);
  });
});

describe('IBAN and creditor id check digits', () => {
  it('validates known good numbers and refuses a changed digit', () => {
    expect(isValidIban('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(isValidIban('AT611904300234573201')).toBe(true);
    expect(isValidIban('AT611904300234573202')).toBe(false);
    expect(isValidCreditorId('DE98ZZZ09999999999')).toBe(true);
    expect(isValidCreditorId('DE98ZZZ09999999998')).toBe(false);
  });

  it('computes check digits that validate', () => {
    expect(makeIban('DE', '370400440532013000')).toBe('DE89370400440532013000');
    expect(makeIban('AT', '1904300234573201')).toBe('AT611904300234573201');
    expect(makeCreditorId('DE', '09999999999')).toBe('DE98ZZZ09999999999');
  });
});
