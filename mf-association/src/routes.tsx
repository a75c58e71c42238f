import './i18n.js';
import type { RemoteRoutesModule } from 'shared-kernel';
import { ContractRequestRoutes } from './features/contract-requests/contract-request-routes.js';
import { AssociationDashboardRoutes } from './features/dashboard/association-dashboard-routes.js';
import { DocumentRoutes } from './features/documents/document-routes.js';
import { TicketRoutes } from './features/tickets/ticket-routes.js';
import { TrainerRequestRoutes } from './features/trainer-request/trainer-request-routes.js';

/** What the association remote serves, by route prefix (e-). */
export const routes: RemoteRoutesModule['routes'] = {
  'e-dash': AssociationDashboardRoutes,
  'e-document': DocumentRoutes,
  'e-rcc': ContractRequestRoutes,
  'e-ticket': TicketRoutes,
  'e-trainer': TrainerRequestRoutes,
};

/** This build's id (webpack DefinePlugin); the host shows it under the area. */
export const buildId: string = typeof __BUILD_ID__ !== 'undefined' ? __BUILD_ID__ : 'dev';
