import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader, parseRouteId, ErrorPanel, Spinner, useRequest } from 'shared-kernel';
import { getRoleChoices, getUser, type RoleChoice, type UserDetail } from '../api/users.js';
import { NS } from '../i18n.js';
import { UserForm } from './user-form.js';

/**
 * /m-conf/user/add and /m-conf/user/edit/{id}: loads the user (edit; 404 = error 3 for a
 * user the caller may not manage) and the role choices, then shows the form.
 */
export function UserFormPage() {
  const { t } = useTranslation(NS);
  const { id: idParam } = useParams();
  const id = idParam === undefined ? undefined : (parseRouteId(idParam) ?? 0);
  const validId = id === undefined || id > 0;
  const { state, data, reload } = useRequest<{ user: UserDetail | null; roles: RoleChoice[] }>(
    async (signal) => {
      if (id === undefined) return { user: null, roles: await getRoleChoices(signal) };
      const answer = await getUser(id, signal);
      return { user: answer.data, roles: answer.roles };
    },
    [id],
    { enabled: validId },
  );

  let body;
  if (!validId) body = <ErrorPanel code={3} />;
  else if (state > 0) body = <ErrorPanel code={state} onRetry={reload} />;
  else if (state === -1 || !data) body = <Spinner showLabel />;
  else body = <UserForm key={data.user?.id ?? 'new'} user={data.user} roles={data.roles} />;

  return (
    <>
      <PageHeader title={t(id === undefined ? 'users.form_add' : 'users.form_edit')} />
      {body}
    </>
  );
}
