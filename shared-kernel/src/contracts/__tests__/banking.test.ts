import {
  bicRule,
  creditorIdRule,
  formatIban,
  ibanRule,
  normaliseIban,
  validateBic,
  validateCreditorId,
  validateIban,
} from '../index';

describe('IBAN', () => {
  it('accepts valid IBANs with spaces and lower case', () => {
    expect(validateIban('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(validateIban('de89370400440532013000')).toBe(true);
    expect(validateIban('AT61 1904 3002 3457 3201')).toBe(true);
    expect(validateIban('CH93 0076 2011 6238 5295 7')).toBe(true);
    expect(validateIban('GB82 WEST 1234 5698 7654 32')).toBe(true);
  });

  it('refuses wrong check digits, lengths, countries and garbage', () => {
    expect(validateIban('DE89 3704 0044 0532 0130 01')).toBe(false);
    expect(validateIban('DE88 3704 0044 0532 0130 00')).toBe(false);
    expect(validateIban('DE89 3704 0044 0532 0130 0')).toBe(false);
    expect(validateIban('AT61 1904 3002 3457 3201 00')).toBe(false);
    expect(validateIban('XX89 3704 0044 0532 0130 00')).toBe(false);
    expect(validateIban('')).toBe(false);
    expect(validateIban(null)).toBe(false);
    expect(validateIban('=HYPERLINK("x")')).toBe(false);
  });

  it('normalises and groups by four', () => {
    expect(normaliseIban(' de89 3704-0044 ')).toBe('DE8937040044');
    expect(formatIban('de89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
    expect(formatIban('')).toBe('');
  });
});

describe('BIC and creditor id', () => {
  it('checks BIC shape', () => {
    expect(validateBic('COBADEFFXXX')).toBe(true);
    expect(validateBic('cobadeff')).toBe(true);
    expect(validateBic('COBADEF')).toBe(false);
    expect(validateBic('1OBADEFFXXX')).toBe(false);
  });

  it('checks creditor id check digits', () => {
    expect(validateCreditorId('DE98ZZZ09999999999')).toBe(true);
    expect(validateCreditorId('DE98 ABC 09999999999')).toBe(true);
    expect(validateCreditorId('DE97ZZZ09999999999')).toBe(false);
    expect(validateCreditorId('DE98ZZZ')).toBe(false);
  });
});

describe('yup rules', () => {
  it('answer the i18n keys of the messages and allow empty values', async () => {
    await expect(ibanRule().validate('DE89 3704 0044 0532 0130 00')).resolves.toBe('DE89370400440532013000');
    await expect(ibanRule().validate('DE00 1234')).rejects.toThrow('ui.invalid_iban');
    await expect(ibanRule().validate('')).resolves.toBe('');
    await expect(ibanRule().required('form.required').validate('')).rejects.toThrow('form.required');
    await expect(bicRule().validate('xx')).rejects.toThrow('ui.invalid_bic');
    await expect(creditorIdRule().validate('DE97ZZZ09999999999')).rejects.toThrow('ui.invalid_creditor_id');
  });
});
