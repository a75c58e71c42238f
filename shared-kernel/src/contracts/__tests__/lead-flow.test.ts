import { appointmentFormSchema, attendanceFormSchema, isIsoInstant } from '../lead-flow.js';

describe('lead flow contracts', () => {
  it.each([
    ['2026-12-09T18:00:00+01:00', true],
    ['2026-12-09T17:00:00Z', true],
    ['2026-12-09T17:00:00.123Z', true],
    ['2026-12-09T17:00Z', true],
    ['2024-02-29T10:00:00Z', true],
    // What Date.parse alone takes: a bare number is a year, words a day, no offset the server's zone.
    ['5', false],
    ['May 1', false],
    ['2026-12-09', false],
    ['2026-12-09T18:00:00', false],
    // Rolled over into March by Date.parse.
    ['2026-02-31T10:00:00Z', false],
    ['2026-02-29T10:00:00Z', false],
    ['2026-12-09T25:00:00Z', false],
    ['', false],
  ])('isIsoInstant(%j) is %s', (value, valid) => {
    expect(isIsoInstant(value)).toBe(valid);
  });

  it('attendance and appointment forms take only such instants', async () => {
    await expect(attendanceFormSchema.validate({ date: '2026-11-21T09:30:00.000Z' })).resolves.toBeTruthy();
    await expect(attendanceFormSchema.validate({ date: null })).resolves.toBeTruthy();
    await expect(attendanceFormSchema.validate({ date: '5' })).rejects.toThrow('form.invalid_date');
    await expect(appointmentFormSchema.validate({ sid: 1, type: 1, ds: '5', de: '6', status: 1 })).rejects.toThrow();
    await expect(
      appointmentFormSchema.validate({ sid: 1, type: 1, ds: '2026-12-09T18:00:00+01:00', de: '2026-12-09T19:30:00+01:00', status: 1 }),
    ).resolves.toBeTruthy();
  });
});
