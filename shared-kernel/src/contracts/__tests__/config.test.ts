import { CONFIG_KEYS, CONFIG_MODES, checkConfigValue, parseEmailName, type ConfigCheck } from '../config.js';

const options = [{ v: 1, t: 'a' }, { v: 2, t: 'b' }];

describe('configuration value checks (the API and the forms alike)', () => {
  it.each<[ConfigCheck, unknown, string | null]>([
    [{ m: 'switch' }, true, null],
    [{ m: 'switch' }, 'true', 'form.invalid'],
    [{ m: 'text', r: { len: 5 } }, 'Wien', null],
    [{ m: 'text', r: { len: 5 } }, 'Wien-Mitte', 'form.too_long'],
    [{ m: 'text' }, 'a\nb', 'form.invalid'],
    [{ m: 'plainte' }, 'a\nb', null],
    [{ m: 'email' }, 'office@schule.example', null],
    [{ m: 'email' }, 'office@', 'form.invalid_email'],
    [{ m: 'email' }, '', null],
    [{ m: 'num', r: { min: 0, max: 365 } }, 0, null],
    [{ m: 'num', r: { min: 0, max: 365 } }, 366, 'form.invalid_number'],
    [{ m: 'num' }, 1.5, 'form.invalid_number'],
    [{ m: 'num' }, '3', 'form.invalid_number'],
    [{ m: 'emailname' }, 'Schule Wien <office@schule.example>', null],
    [{ m: 'emailname' }, 'office@schule.example', null],
    [{ m: 'emailname' }, 'Schule Wien <office>', 'form.invalid_email'],
    [{ m: 'sepa_iban' }, 'AT61 1904 3002 3457 3201', null],
    [{ m: 'sepa_iban' }, 'AT61 1904 3002 3457 3202', 'ui.invalid_iban'],
    [{ m: 'sepa_bic' }, 'GIBAATWWXXX', null],
    [{ m: 'sepa_bic' }, 'GIBAAT', 'ui.invalid_bic'],
    [{ m: 'sepa_ci' }, 'DE98ZZZ09999999999', null],
    [{ m: 'sepa_ci' }, 'DE97ZZZ09999999999', 'ui.invalid_creditor_id'],
    [{ m: 'sepa_name' }, "Kampfkunst Wien (O'Brien)", null],
    [{ m: 'sepa_name' }, 'Schule <b>', 'form.invalid'],
    [{ m: 'cimage' }, null, null],
    [{ m: 'cimage' }, 12, null],
    [{ m: 'cimage' }, 'x', 'form.invalid'],
    [{ m: 'textlist', r: { items: 2 } }, ['a', 'b'], null],
    [{ m: 'textlist', r: { items: 2 } }, ['a', 'b', 'c'], 'form.too_long'],
    [{ m: 'catlist', s: options }, ['', 'Shop'], null],
    [{ m: 'catlist', s: options }, ['Shop'], 'form.invalid'],
    [{ m: 'emaillist' }, ['a@b.example', 'c@d.example'], null],
    [{ m: 'emaillist' }, ['a@b.example', 'nope'], 'form.invalid_email'],
    [{ m: 'rte' }, '<p>Gruß</p>', null],
    [{ m: 'rtesw' }, { on: true, html: '<p>x</p>' }, null],
    [{ m: 'rtesw' }, { on: true }, 'form.invalid'],
    [{ m: 'template' }, 'rep_memb_canc', null],
    [{ m: 'select', s: options }, 2, null],
    [{ m: 'radio', s: options }, 3, 'form.invalid'],
    [{ m: 'radio', s: options }, '1', 'form.invalid'],
    [{ m: 'mystery' }, 'x', 'form.invalid'],
  ])('%j with %j -> %s', (item, value, expected) => {
    expect(checkConfigValue(item, value)).toBe(expected);
  });

  it('accepts every default of the catalogue and knows every mode', () => {
    for (const [key, def] of Object.entries(CONFIG_KEYS)) {
      expect([key, checkConfigValue({ m: def.mode, s: 'options' in def ? def.options : undefined, r: 'rules' in def ? def.rules : undefined }, def.default)]).toEqual([key, null]);
      expect(CONFIG_MODES).toContain(def.mode);
    }
  });

  it('splits "Name <mail>"', () => {
    expect(parseEmailName(' Kampfkunst Wien <office@schule.example> ')).toEqual({ name: 'Kampfkunst Wien', email: 'office@schule.example' });
  });
});
