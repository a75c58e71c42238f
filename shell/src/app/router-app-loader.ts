import type { ComponentType } from 'react';
import { onDemand } from './on-demand.js';

/**
 * The signed-in app (react-router, layout, menu, remote areas, password change), loaded only
 * with a session: the sign-in screens never import it statically, so they stay free of
 * react-router.
 */
export const routerApp = onDemand<ComponentType>(() => import('./router-app.js').then((module) => module.RouterApp));

/** Starts loading the signed-in app in the background (the user is typing the password). */
export function preloadRouterApp(): void {
  routerApp.load().catch(() => undefined);
}
