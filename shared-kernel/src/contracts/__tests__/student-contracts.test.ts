import {
  addMonths,
  cancellationLetterSchema,
  cancellationRequestSchema,
  proposeCancellation,
  studentContractSchema,
  termEnd,
  CANCELLATION_TEMPLATE,
} from '../index';

const terms = (c1: number | null, c2: number | null, c3: number | null, c4: number | null, start = '2026-01-01') => ({
  contract_start: start, c_interval_start: c1, c_cperiod_start: c2, c_interval_follow: c3, c_cperiod_follow: c4,
});

describe('student contracts: dates', () => {
  it('adds months, keeping the last day of shorter months', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
  });
  it('ends a term on the day before the start day, or the last day of a short month', () => {
    expect(termEnd('2026-01-01', 12)).toBe('2026-12-31');
    expect(termEnd('2026-01-15', 1)).toBe('2026-02-14');
    expect(termEnd('2026-01-31', 1)).toBe('2026-02-28');
  });
});

describe('proposeCancellation', () => {
  it('ends the minimum term when the notice reaches it in time', () => {
    expect(proposeCancellation(terms(12, 3, 1, 1), '2026-09-30')).toEqual({ dce: '2026-12-31', deadline: '2026-10-01' });
    expect(proposeCancellation(terms(12, 3, 1, 1), '2026-10-01')).toEqual({ dce: '2026-12-31', deadline: '2026-10-01' });
  });
  it('runs into the follow-up terms when the notice is late', () => {
    // one day late for the first term: the first follow-up month ends 31.01.2027 (notice 1 month)
    expect(proposeCancellation(terms(12, 3, 1, 1), '2026-10-02')).toEqual({ dce: '2027-01-31', deadline: '2027-01-01' });
    // follow-up terms of 6 months with 2 months notice
    expect(proposeCancellation(terms(12, 1, 6, 2), '2026-12-15')).toEqual({ dce: '2027-06-30', deadline: '2027-05-01' });
    expect(proposeCancellation(terms(12, 1, 6, 2), '2027-05-02')).toEqual({ dce: '2027-12-31', deadline: '2027-11-01' });
  });
  it('a 24-month start term in the middle of a month', () => {
    expect(proposeCancellation(terms(24, 3, 12, 3, '2026-03-15'), '2026-04-01')).toEqual({ dce: '2028-03-14', deadline: '2027-12-15' });
  });
  it('cannot propose with missing or faulty terms or dates', () => {
    expect(proposeCancellation(terms(null, 3, 1, 1), '2026-05-01')).toBeNull();
    expect(proposeCancellation(terms(12, null, 1, 1), '2026-05-01')).toBeNull();
    expect(proposeCancellation(terms(12, 3, 0, 1), '2026-05-01')).toBeNull();
    expect(proposeCancellation(terms(25, 3, 1, 1), '2026-05-01')).toBeNull();
    expect(proposeCancellation(terms(12, 4, 1, 1), '2026-05-01')).toBeNull();
    expect(proposeCancellation(terms(12, 3, 1, 1), '2026-02-30')).toBeNull();
  });
});

describe('schemas', () => {
  it('the letter form defaults to rep_memb_canc and address type 4 and orders the dates', async () => {
    const form = await cancellationLetterSchema.validate({ sc: 3, dc: '2026-05-01', dce: '2026-12-31', version: 1 });
    expect(form).toMatchObject({ tmpl: CANCELLATION_TEMPLATE, sati: 4 });
    await expect(cancellationLetterSchema.validate({ sc: 3, dc: '2026-05-01', dce: '2026-04-30', version: 1 })).rejects.toThrow();
    await expect(cancellationLetterSchema.validate({ sc: 3, dc: '2026-05-01', version: 1 })).rejects.toThrow();
  });
  it('a cancellation request may leave the effective date to the proposal', async () => {
    expect(await cancellationRequestSchema.validate({ dc: '2026-05-01', version: 2 })).toEqual({ dc: '2026-05-01', dce: null, version: 2 });
  });
  it('the contract form needs the SEPA block only for direct debit', async () => {
    const base = { payment_method_id: 2, contract_start: '2026-12-01', amount_gross: 4900, currency: 'EUR', pay_interval: 1 };
    await expect(studentContractSchema.validate(base)).resolves.toMatchObject({ status: 1, c_interval_start: null, account_id: null });
    await expect(studentContractSchema.validate({ ...base, payment_method_id: 1 })).rejects.toThrow();
    await expect(studentContractSchema.validate({ ...base, amount_gross: 49.5 })).rejects.toThrow();
  });
});
