/**
 * shared-kernel: what every browser package shares. Shared at run time as one singleton
 * (Module Federation), so state here (session, i18n, toasts) is the same for the shell and
 * every remote. Heavy parts live in subpaths loaded only where needed:
 * `shared-kernel/table` (the server-paged table), `shared-kernel/forms` (formik), `shared-kernel/charts`
 * (apexcharts), `shared-kernel/host` (sign-in pieces, no router), `shared-kernel/standalone` (the
 * standalone host), `shared-kernel/contracts`.
 */
export * from './http/index.js';
export * from './session/index.js';
export * from './i18n/index.js';
export * from './format/index.js';
export * from './federation/index.js';
export * from './ui/index.js';
export * from './help/index.js';
