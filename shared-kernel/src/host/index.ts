/**
 * shared-kernel/host: the sign-in pieces the shell and the standalone host share. Kept out of
 * the kernel's root entry and free of react-router, formik, the table and apexcharts: the login
 * page is the first thing a user loads (the standalone host lives in `shared-kernel/standalone`).
 */
export { LoginForm, type LoginFormProps } from './login-form.js';
export { FormField, type FormFieldProps } from './form-field.js';
export { useSchemaForm, type SchemaForm, type SchemaSource, type FieldErrors } from './use-schema-form.js';
export { useSessionBootstrap } from './use-session-bootstrap.js';
export { getAppState, login, logout } from './session-api.js';
