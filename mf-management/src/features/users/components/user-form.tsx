import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { SubmitStateBox, errorFields, formatDate, toErrorCode, toast, useSchoolFilter, useSessionStore } from 'shared-kernel';
import {
  MSG, SALUTATIONS, userCreateSchema, userUpdateSchema, type SessionUser, type UserCreateForm, type UserUpdateForm, type Versioned,
} from 'shared-kernel/contracts';
import { CheckboxField, ConflictNotice, DateField, FormikForm, SelectField, SubmitButton, TextField, useRecordVersion } from 'shared-kernel/forms';
import { createUser, getUser, updateUser, type RoleChoice, type UserDetail } from '../api/users.js';
import { useUsernameCheck } from '../hooks/use-username-check.js';
import { NS } from '../i18n.js';
import { newUserValues, resultingLevel, userValues, type UserFormValues } from '../utils/user-form-values.js';
import { SchoolAccessFields } from './user-form-fields.js';
import links from '../../settings-links.module.css';
import styles from './users.module.css';

/** Props of {@link UserForm}. */
export interface UserFormProps {
  /** The user edited, as read (with version); null creates a user. */
  user: UserDetail | null;
  roles: RoleChoice[];
}

/**
 * Creates or edits a user (spec 001 §3, §5, §6) with the contract's yup schemas (the API
 * validates with the same): the username checked asynchronously, a password (twice) for a
 * new user, the role unless the user is an admin or the superadmin, the school access ("all
 * schools" only for a caller who has it), the admin toggle only for the superadmin. A save
 * against a stale version shows the conflict notice; success goes back to the list.
 */
export function UserForm({ user, roles }: UserFormProps) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const actor = useSessionStore((s) => s.appState?.user) as SessionUser;
  const usernameCheck = useUsernameCheck(user?.id);
  const [state, setState] = useState(-1);
  const initial = user ? userValues(user) : newUserValues(actor);
  const record = useRecordVersion<UserFormValues & Versioned>({ ...initial, version: user?.version ?? 1 }, async () => {
    const fresh = await getUser(user?.id ?? 0);
    return { ...userValues(fresh.data), version: fresh.data.version };
  });
  const schema = user ? userUpdateSchema : userCreateSchema;
  const label = (key: string) => t(`users.${key}`);
  const isSelf = user?.id === actor.id;
  const { schools } = useSchoolFilter();

  // How the conflict notice shows what someone else saved: texts, not ids.
  const formatStored = (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return '';
    switch (field) {
      case 'salutation_id':
        return t(`student_enums.salutation.${String(value)}`);
      case 'role_id':
        return roles.find((role) => role.id === value)?.role_name ?? String(value);
      case 'status':
        return label(value === 1 ? 'access_all' : 'access_specific');
      case 'schools':
        return (value as number[]).map((id) => schools.find((school) => school.id === id)?.name ?? `#${id}`).join(', ');
      case 'dob':
        return formatDate(String(value));
      case 'disabled':
        return t(value ? 'common:ui.yes' : 'common:ui.no');
      default:
        return String(value);
    }
  };

  const validate = async (values: UserFormValues) => {
    const errors: Partial<Record<keyof UserFormValues, string>> = {};
    const username = await usernameCheck.validate(values.username);
    if (username) errors.username = username;
    if (resultingLevel(actor, user, values.admin) === 3 && !values.role_id) errors.role_id = MSG.required;
    return errors;
  };

  const submit = async (values: UserFormValues) => {
    const level = resultingLevel(actor, user, values.admin);
    const body = schema.cast(
      { ...values, role_id: level === 3 ? values.role_id : null, schools: values.status === 2 ? values.schools : [] },
      { stripUnknown: true },
    );
    setState(-2);
    if (user) {
      const version = await updateUser(user.id, body as UserUpdateForm, record.version);
      record.saved(version);
    } else {
      await createUser(body as UserCreateForm);
    }
    setState(0);
  };

  const usernameHint =
    usernameCheck.status === 'checking' ? label('username_checking') : usernameCheck.status === 'free' ? label('username_free') : undefined;

  return (
    <FormikForm<UserFormValues>
      initialValues={initial}
      validationSchema={schema}
      validate={validate}
      ariaLabel={label('form_label')}
      className={styles.form}
      onSubmit={async (values, helpers) => {
        try {
          await submit(values);
          toast.success('save_succeeded');
          void navigate('/m-conf/user');
        } catch (error) {
          const code = await toErrorCode(error);
          if (user && record.handleSaveError(code)) setState(-1);
          else setState(code);
          const fields = await errorFields(error);
          if (fields) helpers.setErrors(fields);
        }
      }}
    >
      {({ values }) => {
        const level = resultingLevel(actor, user, values.admin);
        return (
          <>
            <div className={styles.formGrid}>
              <TextField name="username" label={label('username')} required autoComplete="off" hint={usernameHint} />
              <SelectField
                name="salutation_id"
                label={label('salutation')}
                required
                options={SALUTATIONS.map((value) => ({ value, label: t(`student_enums.salutation.${value}`) }))}
              />
              <TextField name="firstname" label={label('firstname')} required autoComplete="off" />
              <TextField name="lastname" label={label('lastname')} required autoComplete="off" />
              <TextField name="email" type="email" label={label('email')} required autoComplete="off" />
              <DateField name="dob" label={label('dob')} />
              {!user && (
                <>
                  <TextField name="pw1" type="password" label={label('pw1')} required autoComplete="new-password" />
                  <TextField name="pw2" type="password" label={label('pw2')} required autoComplete="new-password" />
                </>
              )}
            </div>
            {actor.level === 1 && user?.l !== 1 && !isSelf && <CheckboxField name="admin" label={label('admin')} />}
            {level === 3 ? (
              <SelectField
                name="role_id"
                label={label('role')}
                required
                options={roles.map((role) => ({ value: role.id, label: role.role_name }))}
              />
            ) : (
              <p className={styles.note}>{label(level === 1 ? 'superadmin_role' : 'admin_role')}</p>
            )}
            {level !== 1 && <SchoolAccessFields allowAll={actor.schoolAccess === 1} />}
            {!isSelf && level !== 1 && <CheckboxField name="disabled" label={label('disabled_field')} />}
            <ConflictNotice
              record={record}
              format={formatStored}
              labels={{
                username: label('username'), salutation_id: label('salutation'), firstname: label('firstname'), lastname: label('lastname'),
                email: label('email'), dob: label('dob'), role_id: label('role'), status: label('access'), schools: label('schools'),
                disabled: label('disabled'),
              }}
            />
            <SubmitStateBox state={state} />
            <div className={styles.formActions}>
              <SubmitButton>{label('save')}</SubmitButton>
              <Link className={links.secondaryLink} to="/m-conf/user">
                {label('back')}
              </Link>
            </div>
          </>
        );
      }}
    </FormikForm>
  );
}
