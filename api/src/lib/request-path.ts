import type { FastifyRequest } from 'fastify';

/**
 * The path of a URL as the router sees it: without the query, percent-decoded, repeated
 * slashes collapsed (the router runs with ignoreDuplicateSlashes). An undecodable path (the
 * router answers 400 before any hook runs) stays as it is.
 */
export function normalisedPath(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Left raw: such a request never reaches a route.
  }
  return decoded.replace(/\/{2,}/g, '/');
}

/**
 * The path a hook decides on (issue 10 item 3). Never the raw `request.url`: there
 * `/%61pi-fin/income`, `/api%2Dfin/income` or `//api-fin/income` hide the `/api-` prefix
 * although the router sends them to the `/api-fin/income` route. The matched route's
 * pattern when a route matched (not a catch-all), else the normalised path.
 */
export function decidingPath(request: FastifyRequest): string {
  const route = request.routeOptions.url;
  if (route !== undefined && !route.includes('*')) return route;
  return normalisedPath(request.url);
}

/** An API request (`/api-*`, the generated docs included), decided on the routed path. */
export function isApiRequest(request: FastifyRequest): boolean {
  return decidingPath(request).startsWith('/api-');
}
