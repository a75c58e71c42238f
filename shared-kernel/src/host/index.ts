/**
 * shared-kernel/host: the sign-in pieces the shell and the standalone host share. Kept out of
 * the kernel's root entry and free of formik, ag-grid and apexcharts (the login page is the
 * first thing a user loads).
 */
export { LoginForm, type LoginFormProps } from './login-form.js';
export { StandaloneHost, type StandaloneHostProps } from './standalone-host.js';
export { FormField, type FormFieldProps } from './form-field.js';
export { useSchemaForm, type SchemaForm, type FieldErrors } from './use-schema-form.js';
export { useSessionBootstrap } from './use-session-bootstrap.js';
export { getAppState, login, logout } from './session-api.js';
