import './i18n.js';
import type { RemoteRoutesModule } from 'shared-kernel';
import { ConclusionsRoutes } from './features/conclusions/conclusions-routes.js';
import { DashboardRoutes } from './features/dashboard/dashboard-routes.js';
import { HelpRoutes } from './features/help/help-routes.js';
import { LeadsRoutes } from './features/leads/leads-routes.js';
import { LeadImportRoutes } from './features/lead-import/lead-import-routes.js';
import { RemindersRoutes } from './features/reminders/reminders-routes.js';
import { SettingsRoutes } from './features/settings-routes.js';
import { StudentsRoutes } from './features/students-routes.js';
import { TemplatesRoutes } from './features/templates/templates-routes.js';

/**
 * What the management remote serves, by route prefix (the shell mounts each under
 * `<prefix>/*`).
 */
export const routes: RemoteRoutesModule['routes'] = {
  'm-dash': DashboardRoutes,
  'm-student': StudentsRoutes,
  'm-lead': LeadsRoutes,
  'm-con': ConclusionsRoutes,
  'm-conf': SettingsRoutes,
  'm-template': TemplatesRoutes,
  'm-reminder': RemindersRoutes,
  'm-import': LeadImportRoutes,
  'm-help': HelpRoutes,
};

/** This build's id (webpack DefinePlugin); the host shows it under the area. */
export const buildId: string = typeof __BUILD_ID__ !== 'undefined' ? __BUILD_ID__ : 'dev';
