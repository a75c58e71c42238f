import { getIn, useFormikContext } from 'formik';
import { forwardRef } from 'react';
import { FieldFrame, type BaseFieldProps } from './field-frame.js';
import { RichTextEditor, type RichTextEditorHandle } from './rich-text-editor.js';
import { useFieldA11y } from './use-field-a11y.js';

/** Props of {@link RichTextField}. */
export type RichTextFieldProps = BaseFieldProps;

/**
 * A labelled {@link RichTextEditor} bound to a formik string field (HTML), with hint and the
 * translated yup message. The label is a span named by aria-labelledby: a `<label for>` cannot
 * name a contenteditable region. The ref reaches the editor (insert at the caret, focus).
 * @example <RichTextField ref={editorRef} name="content" label={t('content')} required />
 */
export const RichTextField = forwardRef<RichTextEditorHandle, RichTextFieldProps>(function RichTextField(
  { name, label, required, hint, disabled = false, className },
  ref,
) {
  const formik = useFormikContext<Record<string, unknown>>();
  const a11y = useFieldA11y(name, Boolean(hint));
  const labelId = `${a11y.id}-label`;
  const value = getIn(formik.values, name) as unknown;
  return (
    <FieldFrame a11y={a11y} label={label} required={required} hint={hint} className={className} labelId={labelId}>
      <RichTextEditor
        ref={ref}
        labelId={labelId}
        value={typeof value === 'string' ? value : ''}
        disabled={disabled}
        required={required}
        invalid={Boolean(a11y.errorText)}
        describedBy={a11y.describedBy}
        onChange={(html) => void formik.setFieldValue(name, html, true)}
        onBlur={() => void formik.setFieldTouched(name, true, true)}
      />
    </FieldFrame>
  );
});
