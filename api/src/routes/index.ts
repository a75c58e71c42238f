import type { FastifyPluginAsync } from 'fastify';
import applicationStateRoutes from './api-application-state/index.js';
import authRoutes from './api-auth/index.js';
import baseRoutes from './api-base/index.js';
import ticketRoutes from './api-base-ticket/index.js';
import contentRoutes from './api-content/index.js';
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
  { prefix: '/api-user', plugin: userRoutes },
  { prefix: '/api-application-state', plugin: applicationStateRoutes },
  { prefix: '/api-reminder', plugin: reminderRoutes },
  { prefix: '/api-student', plugin: studentRoutes },
  { prefix: '/api-fin', plugin: financeRoutes },
  { prefix: '/api-content', plugin: contentRoutes },
];
