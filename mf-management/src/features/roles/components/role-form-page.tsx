import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader, parseRouteId, toast, toErrorCode, errorFields, ErrorPanel, Spinner, SubmitStateBox, useRequest } from 'shared-kernel';
import { roleSchema, type Atom, type RoleForm, type RoleRow, type Versioned } from 'shared-kernel/contracts';
import { ConflictNotice, FormikForm, SubmitButton, TextField, useRecordVersion } from 'shared-kernel/forms';
import { createRole, getRole, updateRole } from '../api/roles.js';
import { NS } from '../i18n.js';
import { atomParts } from '../utils/atom-matrix.js';
import { AtomMatrix } from './atom-matrix.js';
import links from '../../settings-links.module.css';
import styles from './roles.module.css';

/** How the role form was opened: a new role, a change, or a new role copied from another. */
export type RoleFormMode = 'create' | 'edit' | 'template';

const EMPTY_ROLE: RoleRow = { id: 0, role_name: '', atoms: [], uc: 0, ro: false, ro_reason: null, version: 1 };

function RoleEditor({ mode, role }: { mode: RoleFormMode; role: RoleRow }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const [state, setState] = useState(-1);
  const initial: RoleForm = {
    role_name: mode === 'template' ? t('roles.copy_name', { name: role.role_name }) : role.role_name,
    atoms: [...role.atoms],
  };
  const record = useRecordVersion<RoleForm & Versioned>({ ...initial, version: role.version }, () => getRole(role.id));
  const readOnly = mode === 'edit' && role.ro;
  // The conflict notice names the atoms as the matrix does ('Interessenten: Löschen').
  const formatStored = (field: string, value: unknown) => {
    if (field !== 'atoms' || !Array.isArray(value)) return String(value ?? '');
    return (value as Atom[])
      .map((atom) => {
        const { subject, column } = atomParts(atom);
        return t('roles.cell', { area: t(`roles.subject.${subject}`), column: t(`roles.column.${column}`) });
      })
      .join(', ');
  };

  return (
    <>
      {readOnly && role.ro_reason && (
        <p role="status" className={styles.notice}>
          {t(`roles.ro_reason.${role.ro_reason}`)}
        </p>
      )}
      <FormikForm<RoleForm>
        initialValues={initial}
        validationSchema={roleSchema}
        ariaLabel={t('roles.form_label')}
        className={styles.form}
        onSubmit={async (values, helpers) => {
          const body = roleSchema.cast(values, { stripUnknown: true }) as RoleForm;
          setState(-2);
          try {
            if (mode === 'edit') record.saved(await updateRole(role.id, body, record.version));
            else await createRole(body);
            setState(0);
            toast.success('save_succeeded');
            void navigate('/m-conf/role');
          } catch (error) {
            const code = await toErrorCode(error);
            setState(mode === 'edit' && record.handleSaveError(code) ? -1 : code);
            const fields = await errorFields(error);
            if (fields) helpers.setErrors(fields);
          }
        }}
      >
        <TextField name="role_name" label={t('roles.name')} required disabled={readOnly} maxLength={100} />
        <AtomMatrix readOnly={readOnly} />
        <ConflictNotice record={record} labels={{ role_name: t('roles.name'), atoms: t('roles.matrix') }} format={formatStored} />
        <SubmitStateBox state={state} />
        <div className={styles.formActions}>
          {!readOnly && <SubmitButton>{t('roles.save')}</SubmitButton>}
          <Link className={links.secondaryLink} to="/m-conf/role">
            {t('roles.back')}
          </Link>
        </div>
      </FormikForm>
    </>
  );
}

/**
 * /m-conf/role/create, /m-conf/role/edit/{id}, /m-conf/role/template/{id} (a new role
 * starting as a copy): the role's name and its atom matrix.
 */
export function RoleFormPage({ mode }: { mode: RoleFormMode }) {
  const { t } = useTranslation(NS);
  const { id: idParam } = useParams();
  const id = parseRouteId(idParam) ?? 0;
  const needsRole = mode !== 'create';
  const validId = !needsRole || id > 0;
  const { state, data, reload } = useRequest((signal) => (needsRole ? getRole(id, signal) : Promise.resolve(EMPTY_ROLE)), [mode, id], {
    enabled: validId,
  });

  let body;
  if (!validId) body = <ErrorPanel code={3} />;
  else if (state > 0) body = <ErrorPanel code={state} onRetry={reload} />;
  else if (state === -1 || !data) body = <Spinner showLabel />;
  else body = <RoleEditor key={`${mode}-${data.id}`} mode={mode} role={data} />;

  return (
    <>
      <PageHeader title={t(`roles.form_${mode}`)} />
      {body}
    </>
  );
}
