import './i18n.js';
import type { RemoteRoutesModule } from 'shared-kernel';
import { DunningRoutes } from './app/dunning-routes.js';
import { FinanceRoutes } from './app/finance-routes.js';

/**
 * What the finance remote serves, by route prefix: the finance area and the dunning runs
 * (/m-student/dun/{level}, more specific than management's /m-student).
 */
export const routes: RemoteRoutesModule['routes'] = {
  'm-fin': FinanceRoutes,
  'm-student/dun': DunningRoutes,
};

/** This build's id (webpack DefinePlugin); the host shows it under the area. */
export const buildId: string = typeof __BUILD_ID__ !== 'undefined' ? __BUILD_ID__ : 'dev';
