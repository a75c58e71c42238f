/** The channel the triggers of migration 050 notify: a user's id, or '*' for every user. */
export const PRINCIPAL_CHANNEL = 'sbo_principals';

/** How long a session's principal is reused without asking the database (milliseconds). */
export const SESSION_CACHE_MS = 5_000;

// Far more live sessions than this in one process: start over rather than grow without end.
const MAX_ENTRIES = 10_000;

/** What is kept: a live session with its user (the users domain's SessionPrincipal). */
export interface CacheableSession {
  principal: { user: { id: number } };
  lastSeenAt: Date;
}

interface Entry<T> {
  live: T;
  userId: number;
  /** performance.now() when it was read from the database. */
  readAt: number;
}

/**
 * A session's principal (user, atoms, schools, filter) kept for {@link SESSION_CACHE_MS} in
 * this process, so a request costs no session round trip. It is only ever used while the
 * database connection that LISTENs on {@link PRINCIPAL_CHANNEL} is up (otherwise a change
 * could go unheard): a notification drops the user's entries (or all), a lost connection
 * drops everything and stops caching until it listens again.
 *
 * A read that started before a change and answers after it must not be cached: `begin()`
 * returns the generation a read starts in, and `put()` keeps the answer only if nothing was
 * invalidated meanwhile.
 */
export class SessionCache<T extends CacheableSession = CacheableSession> {
  readonly #entries = new Map<string, Entry<T>>();
  #generation = 0;
  #listening = false;
  #waiters: { userId: number | '*'; resolve: () => void }[] = [];

  constructor(
    private readonly ttlMs = SESSION_CACHE_MS,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** The principal of a session token (hex of its hash) if cached and fresh; else undefined. */
  get(key: string): T | undefined {
    if (!this.#listening) return undefined;
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (this.clock() - entry.readAt >= this.ttlMs) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.live;
  }

  /** Call before reading a session from the database; hand the result to put(). */
  begin(): number {
    return this.#generation;
  }

  /** Keeps a session read from the database, unless something changed since begin(). */
  put(key: string, live: T, generation: number): void {
    if (!this.#listening || generation !== this.#generation) return;
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.clear();
    this.#entries.set(key, { live, userId: live.principal.user.id, readAt: this.clock() });
  }

  /** The session was slid forward: the cached copy says so too. */
  touched(key: string, at: Date): void {
    const entry = this.#entries.get(key);
    if (entry) entry.live = { ...entry.live, lastSeenAt: at };
  }

  /** A NOTIFY payload: a user id, or '*' (anything else is treated as '*'). */
  invalidate(payload: string): void {
    this.#generation++;
    const userId = /^\d+$/.test(payload) ? Number(payload) : '*';
    if (userId === '*') this.#entries.clear();
    else for (const [key, entry] of this.#entries) if (entry.userId === userId) this.#entries.delete(key);
    const heard = this.#waiters.filter((w) => w.userId === '*' || userId === '*' || w.userId === userId);
    this.#waiters = this.#waiters.filter((w) => !heard.includes(w));
    for (const waiter of heard) waiter.resolve();
  }

  /** Whether notifications are being heard; caching only while they are. */
  setListening(listening: boolean): void {
    this.#generation++;
    this.#entries.clear();
    this.#listening = listening;
  }

  get listening(): boolean {
    return this.#listening;
  }

  /**
   * Resolves on the next invalidation touching `userId` (or every user). For tests that must
   * know another process has heard a change: call it before causing the change.
   */
  nextInvalidation(userId: number | '*' = '*'): Promise<void> {
    return new Promise((resolve) => this.#waiters.push({ userId, resolve }));
  }
}
