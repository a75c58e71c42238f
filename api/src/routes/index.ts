import type { FastifyPluginAsync } from 'fastify';
import accountRoutes from './api-account/index.js';
import applicationStateRoutes from './api-application-state/index.js';
import authRoutes from './api-auth/index.js';
import baseRoutes from './api-base/index.js';
import associationNewsRoutes from './api-base-e-news/index.js';
import mapDataRoutes from './api-base-map-data/index.js';
import releaseNotesRoutes from './api-base-release-notes/index.js';
import ticketRoutes from './api-base-ticket/index.js';
import configRoutes from './api-config/index.js';
import contentRoutes from './api-content/index.js';
import cubicRoutes from './api-cubic/index.js';
import documentRoutes from './api-document/index.js';
import financeRoutes from './api-fin/index.js';
import reminderRoutes from './api-reminder/index.js';
import studentRoutes from './api-student/index.js';
import userRoutes from './api-user/index.js';
import healthRoutes from './health/index.js';

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
