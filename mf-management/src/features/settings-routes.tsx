import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { RequireAtom, RequireLevel, Spinner } from 'shared-kernel';

// Each screen is its own chunk: the user list does not load the role matrix, and so on.
const UserListPage = lazy(() => import('./users/components/user-list-page.js').then((m) => ({ default: m.UserListPage })));
const UserFormPage = lazy(() => import('./users/components/user-form-page.js').then((m) => ({ default: m.UserFormPage })));
const UserSettingsPage = lazy(() =>
  import('./user-settings/components/user-settings-page.js').then((m) => ({ default: m.UserSettingsPage })),
);
const ConfigFormPage = lazy(() =>
  import('./settings-config/components/config-form-page.js').then((m) => ({ default: m.ConfigFormPage })),
);
const RoleListPage = lazy(() => import('./roles/components/role-list-page.js').then((m) => ({ default: m.RoleListPage })));
const RoleFormPage = lazy(() => import('./roles/components/role-form-page.js').then((m) => ({ default: m.RoleFormPage })));
const SystemTemplateListPage = lazy(() =>
  import('./templates/components/system-template-list-page.js').then((m) => ({ default: m.SystemTemplateListPage })),
);
const SystemTemplateEditPage = lazy(() =>
  import('./templates/components/system-template-edit-page.js').then((m) => ({ default: m.SystemTemplateEditPage })),
);
const ContractTemplateListPage = lazy(() =>
  import('./contract-templates/components/contract-template-list-page.js').then((m) => ({ default: m.ContractTemplateListPage })),
);
const ContractTemplateFormPage = lazy(() =>
  import('./contract-templates/components/contract-template-form-page.js').then((m) => ({ default: m.ContractTemplateFormPage })),
);
const AccountListPage = lazy(() => import('./accounts/components/account-list-page.js').then((m) => ({ default: m.AccountListPage })));
const JobListPage = lazy(() => import('./jobs/components/job-list-page.js').then((m) => ({ default: m.JobListPage })));
const AccountFormPage = lazy(() => import('./accounts/components/account-form-page.js').then((m) => ({ default: m.AccountFormPage })));

function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Spinner showLabel />}>{children}</Suspense>;
}

/** Users and roles: the menu shows them to levels 1 and 2 only (spec 001 §2), the screens refuse everyone else. */
function AdminScreen({ children }: { children: ReactNode }) {
  return (
    <RequireLevel maxLevel={2}>
      <Loading>{children}</Loading>
    </RequireLevel>
  );
}

/** The configuration forms: the category's read atom (the write atom decides on saving). */
function ConfigScreen({ cat }: { cat: 'general' | 'comm' }) {
  return (
    <RequireAtom atom={cat === 'general' ? 's_general_r' : 's_comm_r'}>
      <Loading>
        <ConfigFormPage cat={cat} />
      </Loading>
    </RequireAtom>
  );
}

/** The system templates: s_template_r (saving needs s_template_w, checked in the form). */
function SystemTemplateScreen({ children }: { children: ReactNode }) {
  return (
    <RequireAtom atom="s_template_r">
      <Loading>{children}</Loading>
    </RequireAtom>
  );
}

/** The school contract templates: s_contract_r (writing needs s_contract_w, checked in the screens and the API). */
function ContractScreen({ children }: { children: ReactNode }) {
  return (
    <RequireAtom atom="s_contract_r">
      <Loading>{children}</Loading>
    </RequireAtom>
  );
}

/** The bank accounts: s_account_r (saving needs s_account_w, deleting s_account_d, checked on the screens). */
function AccountScreen({ children }: { children: ReactNode }) {
  return (
    <RequireAtom atom="s_account_r">
      <Loading>{children}</Loading>
    </RequireAtom>
  );
}

/**
 * /m-conf: the settings area (spec 001 §2). Screens not built yet lead to the dashboard like
 * any unknown route.
 */
export function SettingsRoutes() {
  return (
    <Routes>
      <Route path="user" element={<AdminScreen><UserListPage /></AdminScreen>} />
      <Route path="user/add" element={<AdminScreen><UserFormPage /></AdminScreen>} />
      <Route path="user/edit/:id" element={<AdminScreen><UserFormPage /></AdminScreen>} />
      {/* Everyone's own settings (signature, mail sender): every signed-in user. */}
      <Route path="user-settings" element={<Loading><UserSettingsPage /></Loading>} />
      <Route path="role" element={<AdminScreen><RoleListPage /></AdminScreen>} />
      <Route path="role/create" element={<AdminScreen><RoleFormPage mode="create" /></AdminScreen>} />
      <Route path="role/edit/:id" element={<AdminScreen><RoleFormPage mode="edit" /></AdminScreen>} />
      <Route path="role/template/:id" element={<AdminScreen><RoleFormPage mode="template" /></AdminScreen>} />
      <Route path="general" element={<ConfigScreen cat="general" />} />
      <Route path="general/edit" element={<ConfigScreen cat="general" />} />
      <Route path="general/edit/:schoolId" element={<ConfigScreen cat="general" />} />
      <Route path="comm" element={<ConfigScreen cat="comm" />} />
      <Route path="comm/edit" element={<ConfigScreen cat="comm" />} />
      <Route path="comm/edit/:schoolId" element={<ConfigScreen cat="comm" />} />
      <Route path="template" element={<SystemTemplateScreen><SystemTemplateListPage /></SystemTemplateScreen>} />
      <Route path="template/edit/:key" element={<SystemTemplateScreen><SystemTemplateEditPage /></SystemTemplateScreen>} />
      <Route path="contract" element={<ContractScreen><ContractTemplateListPage /></ContractScreen>} />
      <Route path="contract/create" element={<ContractScreen><ContractTemplateFormPage mode="create" /></ContractScreen>} />
      <Route path="contract/edit/:id" element={<ContractScreen><ContractTemplateFormPage mode="edit" /></ContractScreen>} />
      <Route path="contract/template/:id" element={<ContractScreen><ContractTemplateFormPage mode="template" /></ContractScreen>} />
      <Route path="account" element={<AccountScreen><AccountListPage /></AccountScreen>} />
      <Route path="account/create" element={<AccountScreen><AccountFormPage mode="create" /></AccountScreen>} />
      <Route path="account/edit/:id" element={<AccountScreen><AccountFormPage mode="edit" /></AccountScreen>} />
      {/* The server's background jobs: the superadmin only (the API refuses everyone else: 403). */}
      <Route path="jobs" element={<RequireLevel maxLevel={1}><Loading><JobListPage /></Loading></RequireLevel>} />
      <Route path="*" element={<Navigate to="/m-dash" replace />} />
    </Routes>
  );
}
