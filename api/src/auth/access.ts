import type { Atom } from 'shared-kernel/contracts';

/** Where a route finds the id of the school-owned row it works on (for the 404 matrix test). */
export interface ScopedId {
  in: 'query' | 'params' | 'body';
  name: string;
  /** Fixture name in api/test/support/resources.ts that creates such a row. */
  resource: string;
}

/**
 * What a route needs, declared in `config: { access }` on every route (deny by default: a
 * route without it stops the server from starting).
 * - 'public': anyone; 'session': any signed-in user;
 * - an object: a session plus all `atoms`, at least one of `anyAtom`, and level <= maxLevel.
 */
export type Access =
  | 'public'
  | 'session'
  | {
      /** All required. */
      atoms?: Atom[];
      /** At least one required. */
      anyAtom?: Atom[];
      /** User level must be <= this (1 superadmin, 2 admin). */
      maxLevel?: 1 | 2;
      /** The id that names a school-owned row, for the generated 404 test. */
      scopedId?: ScopedId;
    };

/** One declared route as app.routeAccess lists it. */
export interface RouteAccessEntry {
  method: string;
  url: string;
  access: Access;
  schema: Record<string, unknown> | undefined;
  bodyLimit?: number;
}
