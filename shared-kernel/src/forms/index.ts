/**
 * shared-kernel/forms: formik + yup pieces. Every field has a visible label, aria-invalid and
 * aria-describedby to its hint and translated error; values keep their wire shape (ISO dates,
 * integer cents, normalised IBAN).
 */
export { FormikForm, SubmitButton, type FormikFormProps } from './formik-form.js';
export {
  TextField,
  TextAreaField,
  SelectField,
  CheckboxField,
  DateField,
  DateTimeField,
  MoneyField,
  IbanField,
  type TextFieldProps,
  type TextAreaFieldProps,
  type SelectFieldProps,
  type SelectOption,
  type CheckboxFieldProps,
  type DateTimeFieldProps,
  type MoneyFieldProps,
  type IbanFieldProps,
} from './fields.js';
export { IbanBicFields, type IbanBicFieldsProps } from './iban-bic-fields.js';
export { FieldFrame, type BaseFieldProps } from './field-frame.js';
export { useFieldA11y, type FieldA11y } from './use-field-a11y.js';
export { validateIban, normaliseIban, formatIban, validateBic, validateCreditorId } from 'shared-kernel/contracts';
export { useSubmissionKey, type SubmissionKey } from './use-submission-key.js';
export { useRecordVersion, type RecordVersion, type RecordVersionStatus } from './use-record-version.js';
export { ConflictNotice, type ConflictNoticeProps } from './conflict-notice.js';
export { RichTextEditor, type RichTextEditorHandle, type RichTextEditorProps } from './rich-text-editor.js';
export { sanitizeRichHtml, isAllowedLinkUrl } from './sanitize-rich-html.js';
export { RichTextField, type RichTextFieldProps } from './rich-text-field.js';
export {
  SchoolChoiceField,
  CheckboxGroupField,
  useGroupError,
  type SchoolChoiceFieldProps,
  type CheckboxGroupFieldProps,
  type CheckboxGroupOption,
} from './school-choice-field.js';
