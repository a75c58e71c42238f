import { ATOMS, birthDate, errorKey, incomeFormSchema, loginSchema, nearDate, pagedListSchema, passwordChangeSchema, personalDataSchema, reminderSchema } from '../index.js';

describe('contracts', () => {
  it('lists every atom once', () => {
    expect(new Set(ATOMS).size).toBe(ATOMS.length);
    expect(ATOMS).toContain('student_r');
  });

  it('maps unknown error codes to the communication error text', () => {
    expect(errorKey(2)).toBe('errors.2');
    expect(errorKey(999)).toBe('errors.1');
  });

  it('refuses a login without password', async () => {
    await expect(loginSchema.validate({ username: 'a' })).rejects.toThrow('form.required');
  });

  it('refuses a page size above the maximum', async () => {
    await expect(pagedListSchema.validate({ page: 0, pageSize: 1000 })).rejects.toThrow();
  });

  it('needs the repeated password to match', async () => {
    await expect(
      passwordChangeSchema.validate({ current: 'x', pw: 'abcdef', pwc: 'abcdeg' }),
    ).rejects.toThrow('form.v_pwnomatch');
  });
});

describe('date fields agree with the API (issue 10 item 13)', () => {
  const day = (years: number, days = 0) => {
    const date = new Date();
    date.setUTCFullYear(date.getUTCFullYear() + years);
    return new Date(date.getTime() + days * 86_400_000).toISOString().slice(0, 10);
  };
  const valid = (schema: { isValidSync(value: unknown): boolean }, value: unknown) => schema.isValidSync(value);

  it('payment dates and deadlines: real dates within ten years of today', () => {
    for (const bad of ['2026-02-30', '1900-01-01', '9999-12-31', day(-10, -2), day(10, 2)]) {
      expect([bad, valid(nearDate(), bad)]).toEqual([bad, false]);
      expect([bad, valid(incomeFormSchema.pick(['payment_date']), { payment_date: bad })]).toEqual([bad, false]);
      expect([bad, valid(reminderSchema.pick(['date_deadline']), { date_deadline: bad })]).toEqual([bad, false]);
    }
    for (const good of [day(0), day(-10, 2), day(10, -2), '2024-02-29']) expect([good, valid(nearDate(), good)]).toEqual([good, true]);
  });

  it('birth dates: real, not in the future, not before 1900', () => {
    for (const bad of ['2000-02-30', '1899-12-31', day(0, 2)]) {
      expect([bad, valid(birthDate(), bad)]).toEqual([bad, false]);
      expect([bad, valid(personalDataSchema.pick(['dob']), { dob: bad })]).toEqual([bad, false]);
    }
    for (const good of ['1900-01-01', '2000-02-29', day(0, -1)]) expect([good, valid(birthDate(), good)]).toEqual([good, true]);
    expect(valid(personalDataSchema.pick(['dob']), { dob: null })).toBe(true);
  });
});
