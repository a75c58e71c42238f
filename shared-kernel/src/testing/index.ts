/**
 * shared-kernel/testing: helpers for the jest tests of the shell and the remotes (never
 * imported by production code).
 */
export {
  renderWithProviders,
  resetKernelUiStores,
  type RenderWithProvidersOptions,
  type RenderWithProvidersResult,
} from './render-with-providers.js';
export { makeAppState } from './app-state.js';
export { staticPackageImports, type StaticPackageImport } from './static-imports.js';
export { mockExportDownloads, type ExportDownloads, type ExportRequest } from './export-downloads.js';
export { FakeXhr, mockXhrUploads, type XhrUploads } from './fake-xhr.js';
