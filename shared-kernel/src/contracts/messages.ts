/**
 * Validation messages are i18n keys (namespace `common`): the API answers them in `fields`
 * of a 400 and the forms show their translation, so both speak the same words.
 */
export const MSG = {
  required: 'form.required',
  email: 'form.invalid_email',
  date: 'form.invalid_date',
  notFuture: 'form.not_future',
  number: 'form.invalid_number',
  amount: 'form.invalid_amount',
  tooLong: 'form.too_long',
  passwordMin: 'form.pw_min',
  passwordCommon: 'form.pw_common',
  passwordMismatch: 'form.v_pwnomatch',
  username: 'form.username_pattern',
  oneSchool: 'form.one_school',
  oneImage: 'form.one_image',
  uploadRunning: 'form.upload_running',
  oneElement: 'form.one_element',
  invalid: 'form.invalid',
} as const;
