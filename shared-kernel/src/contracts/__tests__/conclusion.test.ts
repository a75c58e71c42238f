import { ValidationError } from 'yup';
import { MSG, conclusionSchema, isUnderAge, normaliseConclusion, type ConclusionCountry, type ConclusionForm } from '../index';

/** A complete adult conclusion paying by transfer (no SEPA block): valid in Austria. */
const validConclusion = (): Record<string, unknown> => ({
  cno_type_id: null,
  contract_no: null,
  school_id: 1,
  products: [1, 4],
  ec_contract_id: 1,
  c_contract_id: 2,
  account_id: 3,
  contract_start: '2026-12-01',
  payment_method_id: 2,
  new_app: true,
  school_change: false,
  reentry: false,
  annotation: '',
  lead_id: null,
  salutation_id: 1,
  title_id: null,
  firstname: 'Anna',
  lastname: 'Böhm',
  street: 'Hauptstraße',
  house_no: '1',
  zip: '1010',
  city: 'Wien',
  country_iso: 'at',
  email: 'anna@example.org',
  phone_regular: '+43 1 234567',
  phone_cellphone: null,
  birthdate: '1990-05-03',
  sibling: false,
  under_age: false,
  iva: false,
  iva2: false,
});

const sepa = {
  payment_method_id: 1,
  sepa_name: 'Anna Böhm',
  co_street: 'Hauptstraße',
  co_house_no: '1',
  co_zip: '1010',
  co_city: 'Wien',
  co_country_iso: 'at',
  sepa_iban: 'AT61 1904 3002 3457 3201',
  sepa_bic: 'BKAUATWW',
  sepa_bank: 'Bank Austria',
  sepa_mandate_ref: 'KKV-2026-0001',
  sepa_date_mandate: '2026-11-20',
};

const guardian = (prefix: 'pt_' | 'pt2_') => ({
  [`${prefix}salutation_id`]: 2,
  [`${prefix}firstname`]: 'Eva',
  [`${prefix}lastname`]: 'Böhm',
  [`${prefix}street`]: 'Hauptstraße',
  [`${prefix}house_no`]: '1',
  [`${prefix}zip`]: '1010',
  [`${prefix}city`]: 'Wien',
  [`${prefix}country_iso`]: 'at',
});

/** The field errors of validating `input` (empty when valid). */
function errors(input: Record<string, unknown>, country: ConclusionCountry = 'at', paper = false): Record<string, string> {
  try {
    conclusionSchema({ country, paper }).validateSync(input, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    // The first message of a field, as the API answers it (api/src/lib/validate.ts).
    const fields: Record<string, string> = {};
    for (const item of error.inner.length ? error.inner : [error]) fields[item.path || '_'] ??= item.message;
    return fields;
  }
}

describe('conclusionSchema: required fields', () => {
  it('accepts a complete form and casts it', () => {
    expect(errors(validConclusion())).toEqual({});
    const cast = conclusionSchema({ country: 'at', paper: false }).validateSync({ ...validConclusion(), ...sepa }) as ConclusionForm;
    expect(cast.sepa_iban).toBe('AT611904300234573201');
    expect(cast.supplement).toBeNull();
  });

  it.each([
    'school_id', 'products', 'ec_contract_id', 'c_contract_id', 'account_id', 'contract_start', 'payment_method_id',
    'salutation_id', 'firstname', 'lastname', 'street', 'house_no', 'zip', 'city', 'country_iso', 'birthdate',
  ])('requires %s', (field) => {
    expect(errors({ ...validConclusion(), [field]: undefined })[field]).toBe(MSG.required);
  });

  it('requires at least one product, known and distinct', () => {
    expect(errors({ ...validConclusion(), products: [] }).products).toBe(MSG.required);
    expect(errors({ ...validConclusion(), products: [15] })['products[0]']).toBe(MSG.invalid);
    expect(errors({ ...validConclusion(), products: [2, 2] }).products).toBe(MSG.invalid);
  });
});

describe('conclusionSchema: contract number by country and form', () => {
  it('Austria, regular form: no type, the number optional', () => {
    expect(errors(validConclusion(), 'at')).toEqual({});
    expect(errors({ ...validConclusion(), contract_no: 'A-1001' }, 'at')).toEqual({});
  });

  it('Germany: cno_type_id required; type 1 requires the number, type 2 does not', () => {
    expect(errors(validConclusion(), 'de').cno_type_id).toBe(MSG.required);
    expect(errors({ ...validConclusion(), cno_type_id: 3 }, 'de').cno_type_id).toBe(MSG.invalid);
    expect(errors({ ...validConclusion(), cno_type_id: 1 }, 'de')).toEqual({ contract_no: MSG.required });
    expect(errors({ ...validConclusion(), cno_type_id: 1, contract_no: 'D-2001' }, 'de')).toEqual({});
    expect(errors({ ...validConclusion(), cno_type_id: 2 }, 'de')).toEqual({});
  });

  it('the paper form always requires the number', () => {
    expect(errors(validConclusion(), 'at', true)).toEqual({ contract_no: MSG.required });
    expect(errors({ ...validConclusion(), contract_no: '4711' }, 'at', true)).toEqual({});
    expect(errors({ ...validConclusion(), cno_type_id: 2 }, 'de', true)).toEqual({ contract_no: MSG.required });
  });

  it('checks the number format (upper-cased; 3-20 of A-Z 0-9 - /)', () => {
    expect(errors({ ...validConclusion(), contract_no: 'a-1001' })).toEqual({});
    expect(errors({ ...validConclusion(), contract_no: '12' }).contract_no).toBe(MSG.invalid);
    expect(errors({ ...validConclusion(), contract_no: 'AB 12' }).contract_no).toBe(MSG.invalid);
    expect(errors({ ...validConclusion(), contract_no: '-123' }).contract_no).toBe(MSG.invalid);
    expect(errors({ ...validConclusion(), contract_no: 'X'.repeat(21) }).contract_no).toBe(MSG.tooLong);
  });
});

describe('conclusionSchema: flags', () => {
  it('sibling requires both sibling names', () => {
    expect(errors({ ...validConclusion(), sibling: true })).toEqual({ sibling_firstname: MSG.required, sibling_lastname: MSG.required });
    expect(errors({ ...validConclusion(), sibling: true, sibling_firstname: 'Max', sibling_lastname: 'Böhm' })).toEqual({});
  });

  it('iva requires the payer address; iva2 the second guardian address', () => {
    const payerRequired = ['pt_salutation_id', 'pt_firstname', 'pt_lastname', 'pt_street', 'pt_house_no', 'pt_zip', 'pt_city', 'pt_country_iso'];
    expect(errors({ ...validConclusion(), iva: true })).toEqual(Object.fromEntries(payerRequired.map((f) => [f, MSG.required])));
    expect(errors({ ...validConclusion(), iva: true, ...guardian('pt_') })).toEqual({});
    expect(errors({ ...validConclusion(), iva2: true })).toEqual(
      Object.fromEntries(payerRequired.map((f) => [f.replace('pt_', 'pt2_'), MSG.required])),
    );
    expect(errors({ ...validConclusion(), iva2: true, ...guardian('pt2_') })).toEqual({});
  });

  it('checks the guardian formats even when optional', () => {
    expect(errors({ ...validConclusion(), iva: true, ...guardian('pt_'), pt_email: 'x@', pt_phone_regular: 'abc' })).toEqual({
      pt_email: MSG.email,
      pt_phone_regular: MSG.invalid,
    });
  });

  it('new_app, school_change and reentry exclude each other', () => {
    expect(errors({ ...validConclusion(), new_app: true, school_change: true }).school_change).toBe(MSG.invalid);
    expect(errors({ ...validConclusion(), new_app: false, school_change: true, reentry: true }).reentry).toBe(MSG.invalid);
    expect(errors({ ...validConclusion(), new_app: false, reentry: true })).toEqual({});
  });
});

describe('conclusionSchema: the age rule', () => {
  const child = { ...validConclusion(), birthdate: '2014-05-03' };

  it('a person under 18 at the contract start needs under_age and iva', () => {
    expect(errors(child)).toEqual({ under_age: MSG.required });
    expect(errors({ ...child, under_age: true })).toEqual({ iva: MSG.required });
    expect(errors({ ...child, under_age: true, iva: true, ...guardian('pt_') })).toEqual({});
  });

  it('ticking under_age needs iva for an adult too', () => {
    expect(errors({ ...validConclusion(), under_age: true })).toEqual({ iva: MSG.required });
  });

  it('isUnderAge: contract start − birth date < 18 years', () => {
    expect(isUnderAge('2026-12-01', '2014-05-03')).toBe(true);
    expect(isUnderAge('2026-05-02', '2008-05-03')).toBe(true);
    expect(isUnderAge('2026-05-03', '2008-05-03')).toBe(false);
    expect(isUnderAge('2026-12-01', '1990-05-03')).toBe(false);
    // 29 February: the 18th birthday in a common year is 1 March.
    expect(isUnderAge('2026-02-28', '2008-02-29')).toBe(true);
    expect(isUnderAge('2026-03-01', '2008-02-29')).toBe(false);
    expect(isUnderAge(null, '2014-05-03')).toBe(false);
    expect(isUnderAge('2026-12-01', '')).toBe(false);
  });
});

describe('conclusionSchema: SEPA', () => {
  it('payment method 1 requires every SEPA field', () => {
    const required = Object.keys(sepa).filter((f) => f !== 'payment_method_id');
    expect(errors({ ...validConclusion(), payment_method_id: 1 })).toEqual(Object.fromEntries(required.map((f) => [f, MSG.required])));
    expect(errors({ ...validConclusion(), ...sepa })).toEqual({});
  });

  it.each([
    ['sepa_iban', 'AT61 1904 3002 3457 3202', 'ui.invalid_iban'],
    ['sepa_bic', 'BKAU', 'ui.invalid_bic'],
    ['sepa_name', 'Anna <Böhm>', MSG.invalid],
    ['sepa_name', 'A'.repeat(71), MSG.tooLong],
    ['sepa_mandate_ref', 'KKV 2026', MSG.invalid],
    ['sepa_mandate_ref', '/KKV2026', MSG.invalid],
    ['sepa_mandate_ref', 'KKV//2026', MSG.invalid],
    ['sepa_mandate_ref', 'Ä2026', MSG.invalid],
    ['sepa_mandate_ref', 'K'.repeat(36), MSG.tooLong],
    ['sepa_date_mandate', '2026-02-30', MSG.date],
    ['co_country_iso', 'aut', MSG.tooLong],
  ])('refuses %s = %s', (field, value, message) => {
    expect(errors({ ...validConclusion(), ...sepa, [field]: value })).toEqual({ [field]: message });
  });

  it('accepts SEPA characters in the mandate reference and names with umlauts', () => {
    expect(errors({ ...validConclusion(), ...sepa, sepa_mandate_ref: "A+?/:().,'-9", sepa_name: "Jörg O'Brien-Müller" })).toEqual({});
  });
});

describe('conclusionSchema: formats', () => {
  it.each([
    ['email', 'anna@', MSG.email],
    ['phone_regular', 'call me', MSG.invalid],
    ['phone_cellphone', '12', MSG.invalid],
    ['birthdate', '03.05.1990', MSG.date],
    ['birthdate', '1899-12-31', MSG.date],
    ['contract_start', '2026-13-01', MSG.date],
    ['country_iso', 'Austria', MSG.invalid],
    ['salutation_id', 9, MSG.invalid],
    ['title_id', 18, MSG.invalid],
    ['payment_method_id', 4, MSG.invalid],
    ['firstname', 'x'.repeat(101), MSG.tooLong],
  ])('refuses %s = %s', (field, value, message) => {
    expect(errors({ ...validConclusion(), [field]: value })).toEqual({ [field]: message });
  });
});

describe('normaliseConclusion', () => {
  it('empties the blocks whose flags are off', () => {
    const form = conclusionSchema({ country: 'at', paper: false }).cast({
      ...validConclusion(),
      ...guardian('pt_'),
      ...guardian('pt2_'),
      ...sepa,
      payment_method_id: 3,
      sibling_firstname: 'Max',
      cno_type_id: 1,
    }) as ConclusionForm;
    const stored = normaliseConclusion(form, 'at');
    expect(stored.pt_lastname).toBeNull();
    expect(stored.pt2_lastname).toBeNull();
    expect(stored.sepa_iban).toBeNull();
    expect(stored.sibling_firstname).toBeNull();
    expect(stored.cno_type_id).toBeNull();
    expect(stored.lastname).toBe('Böhm');
    expect(normaliseConclusion({ ...form, iva: true }, 'de').pt_lastname).toBe('Böhm');
  });
});
