import type { SessionCache } from './auth/session-cache.js';
import type { SessionPrincipal } from './domains/users/principals-repository.js';
import type { Atom, SchoolRef } from 'shared-kernel/contracts';
import type { Access, RouteAccessEntry } from './auth/access.js';
import type { AppConfig } from './config.js';
import type { Db, Queryable, SchoolScope } from './db/index.js';
import type { FileStore } from './files/file-store.js';
import type { Mailer } from './mail/mailer.js';

/** The signed-in user as the guard loads it on every request. */
export interface SessionUserRecord {
  id: number;
  username: string;
  firstname: string;
  lastname: string;
  email: string;
  level: 1 | 2 | 3;
  roleId: number | null;
  schoolAccess: 1 | 2;
  mno: string | null;
}

/** request.session: who is calling, what they may do and see. */
export interface RequestSession {
  user: SessionUserRecord;
  atoms: Atom[];
  /** Ids of the schools the user may see. */
  schoolIds: number[];
  schools: SchoolRef[];
  /** The user's school filter as stored (subset of schoolIds; empty = all). */
  filter: number[];
  /** SHA-256 of the session token (to revoke "all other sessions"). */
  tokenHash: Buffer;
}

/** Facts a handler adds for the audit row of its request. */
export interface AuditFacts {
  action?: string;
  entity?: string;
  entityId?: string | number;
  schoolId?: number;
  userId?: number;
  detail?: Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    mailer: Mailer;
    /** Stored files (documents, pictures): DATA_DIR/files. */
    files: FileStore;
    /** Every declared route with its access (the authorization matrix test reads this). */
    routeAccess: RouteAccessEntry[];
    /** Sessions' principals kept a few seconds, forgotten on any change (auth/session-cache.ts). */
    sessionCache: SessionCache<SessionPrincipal>;
    /** Keeps a background write alive until it settles; close() waits for it. */
    track(job: Promise<unknown>): void;
    /** The clock (tests inject one to move time). */
    now(): Date;
  }
  interface FastifyRequest {
    session: RequestSession | null;
    /** Schools this request may touch: allowed ∩ filter. Empty without a session. */
    scope: SchoolScope;
    /** Runs fn in a scoped transaction (row-level security on request.scope). */
    scoped<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
    audit: AuditFacts;
  }
}

export {};
