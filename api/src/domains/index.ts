import type { FastifyPluginAsync } from 'fastify';
import accountRoutes from './finance/account-routes.js';
import applicationStateRoutes from './application-state/routes.js';
import authRoutes from './auth/routes.js';
import baseRoutes from './users/roles-routes.js';
import associationNewsRoutes from './news/association-news-routes.js';
import mapDataRoutes from './students/map-data-routes.js';
import releaseNotesRoutes from './news/release-notes-routes.js';
import ticketRoutes from './tickets/routes.js';
import configRoutes from './config/routes.js';
import contentRoutes from './news/routes.js';
import cubicRoutes from './students/picture-routes.js';
import documentRoutes from './students/document-routes.js';
import financeRoutes from './finance/routes.js';
import reminderRoutes from './reminders/routes.js';
import studentRoutes from './students/routes.js';
import userRoutes from './users/routes.js';
import healthRoutes from './health/routes.js';

/**
 * Every route plugin and its base path (one plugin per spec base path). A new area adds
 * its line here; the access guard refuses to start if one of its routes lacks a declaration.
 */
export const ROUTE_PLUGINS: readonly { prefix: string; plugin: FastifyPluginAsync }[] = [
  { prefix: '', plugin: healthRoutes },
  { prefix: '/api-auth', plugin: authRoutes },
  { prefix: '/api-base', plugin: baseRoutes },
  // Tickets share the /api-base path of the spec but are their own plugin.
  { prefix: '/api-base', plugin: ticketRoutes },
  // The association's news block (/e-dash): also /api-base, its own plugin.
  { prefix: '/api-base', plugin: associationNewsRoutes },
  // The product's release notes ('last changes' dialog on /e-dash).
  { prefix: '/api-base', plugin: releaseNotesRoutes },
  // The student map's points (dashboards): the student list's filters, all located students.
  { prefix: '/api-base', plugin: mapDataRoutes },
  { prefix: '/api-user', plugin: userRoutes },
  { prefix: '/api-application-state', plugin: applicationStateRoutes },
  { prefix: '/api-reminder', plugin: reminderRoutes },
  { prefix: '/api-student', plugin: studentRoutes },
  { prefix: '/api-document', plugin: documentRoutes },
  { prefix: '/api-cubic', plugin: cubicRoutes },
  { prefix: '/api-fin', plugin: financeRoutes },
  { prefix: '/api-content', plugin: contentRoutes },
  { prefix: '/api-config', plugin: configRoutes },
  { prefix: '/api-account', plugin: accountRoutes },
];
