import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ErrorPanel, ModalDialog, Spinner, SubmitStateBox, useRequest } from 'shared-kernel';
import { DateField, FormikForm, SubmitButton } from 'shared-kernel/forms';
import { getConclusionData } from '../api/conclusion-form.js';
import { activateConclusion } from '../api/conclusions.js';
import { NS } from '../i18n.js';
import styles from './conclusions.module.css';

/** Spec 000 §4: an activation that fails shows submit code 8, whatever the server said. */
const ACTIVATION_FAILED = 8;

/** Props of {@link ActivateDialog}. */
export interface ActivateDialogProps {
  conclusionId: number;
  /** The person's name, for the dialog's text. */
  name: string;
  onClose: () => void;
  onActivated: () => void;
}

/**
 * The key action of a conclusion (spec 000 §4): asks for an optional withdrawal date, then
 * PUT /api-conclusion/actcon with the version the dialog read on opening (the list row has
 * none). A failure keeps the dialog open with error 8.
 */
export function ActivateDialog({ conclusionId, name, onClose, onActivated }: ActivateDialogProps) {
  const { t } = useTranslation(NS);
  const [state, setState] = useState(-1);
  const read = useRequest((signal) => getConclusionData({ id: conclusionId }, signal), [conclusionId]);
  const title = t('conclusions.activate_title');
  const version = read.data?.data.version;
  if (read.state > 0) {
    return (
      <ModalDialog title={title} onClose={onClose} actions={<Button onClick={onClose}>{t('conclusions.cancel')}</Button>}>
        <ErrorPanel code={read.state} onRetry={read.reload} headingLevel={3} />
      </ModalDialog>
    );
  }
  if (version === undefined || version === null) {
    return (
      <ModalDialog title={title} onClose={onClose}>
        <Spinner showLabel />
      </ModalDialog>
    );
  }
  return (
    <ModalDialog title={title} onClose={onClose}>
      <FormikForm<{ date_withdrawal: string | null }>
        initialValues={{ date_withdrawal: null }}
        ariaLabel={title}
        className={styles.dialogForm}
        onSubmit={async (values) => {
          setState(-2);
          try {
            await activateConclusion(conclusionId, values.date_withdrawal, version);
          } catch {
            setState(ACTIVATION_FAILED);
            return;
          }
          setState(0);
          onActivated();
        }}
      >
        <p>{t('conclusions.activate_intro', { name })}</p>
        <DateField name="date_withdrawal" label={t('conclusions.withdrawal_date')} />
        <SubmitStateBox state={state} />
        <div className={styles.formActions}>
          <SubmitButton>{t('conclusions.activate_confirm')}</SubmitButton>
          <Button onClick={onClose}>{t('conclusions.cancel')}</Button>
        </div>
      </FormikForm>
    </ModalDialog>
  );
}
