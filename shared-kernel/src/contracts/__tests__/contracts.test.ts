import { ATOMS, errorKey, loginSchema, pagedListSchema, passwordChangeSchema } from '../index.js';

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
