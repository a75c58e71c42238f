import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ModalDialog, SubmitStateBox, errorFields, toErrorCode, toast } from 'shared-kernel';
import { passwordChangeSchema, type PasswordChangeRequest } from 'shared-kernel/contracts';
import { FormikForm, SubmitButton, TextField } from 'shared-kernel/forms';
import { changeUserPassword } from '../api/users.js';
import { NS } from '../i18n.js';
import styles from './users.module.css';

/** Props of {@link PasswordDialog}. */
export interface PasswordDialogProps {
  userId: number;
  /** The user's name, for the dialog's title. */
  name: string;
  onClose: () => void;
}

const EMPTY: PasswordChangeRequest = { current: '', pw: '', pwc: '' };

/**
 * Sets a user's password (PUT /api-user/cpw): the new one twice (minimum length, must match)
 * and the caller's own current password, with which the server re-authenticates him
 * (428 {error: 5} when wrong). Closes with a toast on success.
 */
export function PasswordDialog({ userId, name, onClose }: PasswordDialogProps) {
  const { t } = useTranslation(NS);
  const [state, setState] = useState(-1);
  return (
    <ModalDialog title={t('users.password_title', { name })} onClose={onClose} initialFocus="input">
      <FormikForm<PasswordChangeRequest>
        initialValues={EMPTY}
        validationSchema={passwordChangeSchema}
        guardUnsaved={false}
        ariaLabel={t('users.password_title', { name })}
        className={styles.form}
        onSubmit={async (values, helpers) => {
          setState(-2);
          try {
            await changeUserPassword(userId, passwordChangeSchema.cast(values, { stripUnknown: true }));
            setState(0);
            toast.success(`${NS}:users.password_changed`);
            onClose();
          } catch (error) {
            setState(await toErrorCode(error));
            const fields = await errorFields(error);
            if (fields) helpers.setErrors(fields);
          }
        }}
      >
        <TextField name="pw" type="password" label={t('users.password_new')} required autoComplete="new-password" />
        <TextField name="pwc" type="password" label={t('users.password_repeat')} required autoComplete="new-password" />
        <TextField
          name="current"
          type="password"
          label={t('users.password_current')}
          hint={t('users.password_current_hint')}
          required
          autoComplete="current-password"
        />
        <SubmitStateBox state={state} />
        <div className={styles.formActions}>
          <SubmitButton>{t('users.password_save')}</SubmitButton>
          <Button onClick={onClose}>{t('common:ui.cancel')}</Button>
        </div>
      </FormikForm>
    </ModalDialog>
  );
}
