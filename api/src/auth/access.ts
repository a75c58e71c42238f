import type { Atom } from 'shared-kernel/contracts';

/** Where a route finds the id of the school-owned row it works on (for the 404 matrix test). */
export interface ScopedId {
  in: 'query' | 'params' | 'body';
  name: string;
  /** Fixture name in api/test/support/resources.ts that creates such a row. */
  resource: string;
}

/**
 * Where a route finds the id of a user account or a role it acts on: who may act on which is
 * the user-management rule (domains/users/user-policy.ts), checked by the handler. Declared
 * for the generated matrix test, which tries accounts and roles the caller may not manage.
 */
export interface ManagedTarget {
  in: 'query';
  name: string;
  kind: 'user' | 'role';
}

/**
 * What a route needs, declared in `config: { access }` on every route (deny by default: a
 * route without it stops the server from starting).
 * - 'public': anyone; 'session': any signed-in user;
 * - an object: a session plus all `atoms`, at least one of `anyAtom`, and level <= maxLevel
 *   (none of them: any signed-in user, as 'session').
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
      /** The id that names a user account or role the route acts on, for the generated matrix test. */
      managedTarget?: ManagedTarget;
    };

/** One declared route as app.routeAccess lists it. */
export interface RouteAccessEntry {
  method: string;
  url: string;
  access: Access;
  schema: Record<string, unknown> | undefined;
  bodyLimit?: number;
}
