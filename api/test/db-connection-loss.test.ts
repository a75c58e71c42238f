import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { BankImportDetail, DdGenerateResponse, DunningRunResponse, GenerateInvoicesResponse } from 'shared-kernel/contracts';
import { DbUnavailableError } from '../src/db/errors.js';
import { openPostgres } from '../src/db/postgres.js';
import { buildCamt, type CamtTestEntry } from './support/camt.js';
import { dbFaults, type DbFaults } from './support/db-faults.js';
import { multipart } from './support/multipart.js';
import { createClock, createSchool, createTestApp, type TestApp, type TestResponse } from './support/test-app.js';

jest.setTimeout(180_000);

/**
 * Issue 25, defect 1: the database connection drops (a restart, a failover, the server's
 * idle_in_transaction_session_timeout; here `pg_terminate_backend` on the test database's
 * backends) while requests hold connections. The process must stay up, the request in flight
 * answer 503 {error: 1} with nothing written, /readyz say when the database is back, the
 * session cache not trust itself while its LISTEN connection is down, and a retry with the
 * same Idempotency-Key succeed once.
 *
 * "In the middle" is made deterministic without test hooks in the product: a second
 * connection holds an ACCESS EXCLUSIVE lock on a table the run touches late (for idempotent
 * runs `idempotency_keys`, written last in the run's transaction), so the request waits inside
 * its transaction with its rows written but not committed; once pg_locks shows it waiting, the
 * database's backends are terminated.
 *
 * PostgreSQL only: PGlite runs in the process and has no connections to lose.
 */
const run = process.env.TEST_DATABASE_URL ? describe : describe.skip;
const TITLE = process.env.TEST_DATABASE_URL
  ? 'a dropped database connection on PostgreSQL'
  : 'a dropped database connection (skipped: TEST_DATABASE_URL is not set; PGlite has no backends to kill)';

const NOW = new Date('2026-11-21T09:30:00Z');
const REPO_ROOT = resolve(__dirname, '..', '..');
/** The built server (`npm run build:server`; npm test builds before the API tests). */
const SERVER = join(REPO_ROOT, 'api', 'dist', 'server.js');
const UNAVAILABLE = { error: 1 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

run(TITLE, () => {
  let t: TestApp;
  let faults: DbFaults;
  let schoolId: number;
  let cookie: string;
  let username: string;
  let password: string;
  let n = 0;
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown) => uncaught.push(error);

  const call = (method: string, url: string, payload?: unknown, key?: string, headers: Record<string, string> = {}): Promise<TestResponse> =>
    t.request({ method, url, headers: { cookie, ...(key ? { 'idempotency-key': key } : {}), ...headers }, payload });
  const sql = async <T>(text: string, params: unknown[] = []) => (await t.db.query<T>(text, params)).rows;

  /** A student with an active SEPA contract (mandate, FRST) from `start`; `receipt`: one open receipt due on `due`. */
  const member = async (opts: { start?: string; receipt?: { due: string; amount: number } } = {}) => {
    const i = ++n;
    const student = (await sql<{ id: number }>(
      `INSERT INTO students (school_id, salutation_id, firstname, lastname, email, student_status_id, street, house_no, zip, city, country_iso)
       VALUES ($1, 1, $2, 'Müller', $3, 2, 'Hauptplatz', '1', '8010', 'Graz', 'at') RETURNING id`,
      [schoolId, `Jörg${i}`, `joerg${i}@example.test`],
    ))[0]!.id;
    const contract = (await sql<{ id: number }>(
      `INSERT INTO student_contracts (school_id, student_id, status, payment_method_id, contract_start, amount_gross, pay_interval,
                                      sepa_name, sepa_iban, sepa_bic, sepa_mandate_ref, sepa_date_mandate, sepa_sequence)
       VALUES ($1, $2, 1, 1, $3, 4900, 1, 'Jörg Müller', 'DE02120300000000202051', NULL, $4, '2025-12-15', 'FRST') RETURNING id`,
      [schoolId, student, opts.start ?? '2026-01-01', `M-${i}`],
    ))[0]!.id;
    let rno = 0;
    if (opts.receipt) {
      rno = Number((await sql<{ rno: string }>(
        `INSERT INTO receipts (school_id, student_id, student_contract_id, kind, text, date_due, period_start, amount)
         VALUES ($1, $2, $3, 'IR', 'Beitrag', $4, $4, $5) RETURNING rno::text AS rno`,
        [schoolId, student, contract, opts.receipt.due, opts.receipt.amount],
      ))[0]!.rno);
    }
    return { student, contract, rno };
  };

  /**
   * Sends `send()` while `table` is locked by another connection, waits until the request
   * waits for that lock inside its transaction, then terminates every backend of the test
   * database (the request's, the pool's idle ones, the LISTEN connection) before the lock's
   * holder lets go. Answers the request's response.
   */
  const killWhileWaitingOn = async (table: string, send: () => Promise<TestResponse>): Promise<TestResponse> => {
    const lock = await faults.lock(table);
    let answer: Promise<TestResponse> | undefined;
    try {
      answer = send();
      await faults.waiterOn(table);
      expect(await faults.terminateAll([lock.pid])).toBeGreaterThan(0);
    } finally {
      await lock.release();
    }
    return answer;
  };

  /** Waits until the process listens for session changes again (it retries every second). */
  const listeningAgain = async () => {
    const end = Date.now() + 15_000;
    while (!t.app.sessionCache.listening) {
      if (Date.now() > end) throw new Error('the LISTEN connection did not come back');
      await sleep(50);
    }
  };

  /** The process answers: liveness, readiness (the pool reconnects by itself), a login, a read. */
  const expectServing = async () => {
    expect((await t.request({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    expect(t.app.server.listening).toBe(true);
    const login = await t.request({ method: 'POST', url: '/api-auth/login', payload: { username, password } });
    expect(login.statusCode).toBe(200);
    expect((await call('GET', '/api-application-state/get-state')).statusCode).toBe(200);
    expect(uncaught).toEqual([]);
  };

  beforeAll(async () => {
    process.on('uncaughtException', onUncaught);
    t = await createTestApp({ backend: 'postgres', clock: createClock(NOW) });
    faults = await dbFaults(t.config.databaseUrl!);
    schoolId = await createSchool(t.db, 'Dojo Graz', 'at');
    await sql(
      `INSERT INTO accounts (school_id, name, sepa_name, sepa_ci, sepa_iban, sepa_bic, sepa_bank, is_main, sepa_pain_version)
       VALUES ($1, 'Giro', 'Dojo Graz', 'DE98ZZZ09999999999', 'AT611904300234573201', 'BKAUATWW', 'Bank', true, 'pain.008.001.08')`,
      [schoolId],
    );
    const user = await t.loginAs({ atoms: ['finance_r', 'finance_w', 'finance_d', 'student_r', 'student_w'], schools: [schoolId] });
    ({ cookie, username, password } = user);
  });
  afterAll(async () => {
    process.off('uncaughtException', onUncaught);
    await faults?.close();
    await t?.close();
  });
  afterEach(() => {
    expect(uncaught).toEqual([]);
  });

  it('a direct-debit run: 503 {error: 1}, no run, no debit, the contract still FRST; the retry with its key runs once', async () => {
    const a = await member({ receipt: { due: '2026-11-15', amount: 4900 } });
    const b = await member({ receipt: { due: '2026-11-15', amount: 5150 } });
    const body = { year: 2026, month: 11, data: [a, b].map((m) => ({ scid: m.contract, dd: '2026-11-15' })) };
    const key = `dd-loss-${Date.now()}`;
    const before = { runs: await faults.count('sepa_runs'), debits: await faults.count('sepa_debits') };

    const lost = await killWhileWaitingOn('idempotency_keys', () => call('POST', '/api-fin/dd', body, key));
    expect(lost.statusCode).toBe(503);
    expect(lost.json()).toEqual(UNAVAILABLE);
    expect(lost.headers['retry-after']).toBeDefined();
    expect(await faults.count('sepa_runs')).toBe(before.runs);
    expect(await faults.count('sepa_debits')).toBe(before.debits);
    expect(await faults.count('idempotency_keys', 'key = $1', [key])).toBe(0);
    expect((await faults.query<{ s: string }>('SELECT sepa_sequence AS s FROM student_contracts WHERE id = ANY($1::int[])', [[a.contract, b.contract]])).map((r) => r.s)).toEqual(['FRST', 'FRST']);
    await expectServing();

    const retry = await call('POST', '/api-fin/dd', body, key);
    expect(retry.statusCode).toBe(200);
    const done = retry.json<DdGenerateResponse>();
    expect(done.runs).toHaveLength(1);
    expect(done.runs[0]).toMatchObject({ cnt: 2, amt: 4900 + 5150 });
    expect(await faults.count('sepa_runs')).toBe(before.runs + 1);
    expect(await faults.count('sepa_debits', 'receipt_id = ANY($1::bigint[])', [[a.rno, b.rno]])).toBe(2);
    // Its files are there (the failed attempt's were put under other keys and removed).
    expect((await call('GET', `/api-fin/es?mode=ebics&key=${done.runs[0]!.id}`)).statusCode).toBe(200);
    // And once: the same key again answers the first answer and writes nothing.
    const again = await call('POST', '/api-fin/dd', body, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(done);
    expect(await faults.count('sepa_runs')).toBe(before.runs + 1);
    expect(await faults.count('sepa_debits')).toBe(before.debits + 2);
  });

  it('a CAMT import of 2,000 entries: 503 {error: 1}, no import, no movement; the retry imports it once', async () => {
    // Waits on sepa_debits: the import has written its bank_imports row and every movement
    // and looks for debits of its own runs.
    const entries: CamtTestEntry[] = Array.from({ length: 2_000 }, (_, i) => ({
      amount: 1_000 + i,
      credit: true,
      bookingDate: '2026-11-03',
      accountServicerRef: `LOSS-${i}`,
      transactions: [{ name: `Zahler ${i}`, iban: 'DE89370400440532013000', purpose: [`Beitrag ${i}`] }],
    }));
    const xml = buildCamt([{ id: 'LOSS-1', iban: 'AT611904300234573201', opening: 0, closing: 0, entries }]);
    const form = multipart([{ name: 'file', filename: 'statement.xml', data: xml }]);
    const key = `camt-loss-${Date.now()}`;
    const upload = () => call('POST', '/api-fin/bamimport', form.payload, key, form.headers);
    const before = { imports: await faults.count('bank_imports'), movements: await faults.count('bank_movements') };

    const lost = await killWhileWaitingOn('sepa_debits', upload);
    expect(lost.statusCode).toBe(503);
    expect(lost.json()).toEqual(UNAVAILABLE);
    expect(await faults.count('bank_imports')).toBe(before.imports);
    expect(await faults.count('bank_movements')).toBe(before.movements);
    await expectServing();

    const retry = await upload();
    expect(retry.statusCode).toBe(200);
    const detail = retry.json<BankImportDetail>();
    expect(detail).toMatchObject({ imported: 2_000, skipped: 0, school_id: schoolId });
    expect(await faults.count('bank_imports')).toBe(before.imports + 1);
    expect(await faults.count('bank_movements')).toBe(before.movements + 2_000);
    // Once: the same file with the same key answers the first answer and writes nothing.
    const again = await upload();
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(detail);
    expect(await faults.count('bank_imports')).toBe(before.imports + 1);
    expect(await faults.count('bank_movements')).toBe(before.movements + 2_000);
  });

  it('an invoice run (gi): 503 {error: 1}, no receipt, balance unchanged; the retry with its key bills each period once', async () => {
    const m = await member({ start: '2026-01-01' });
    const key = `gi-loss-${Date.now()}`;
    const receipts = () => faults.count('receipts', 'student_id = $1', [m.student]);
    const balance = async () => Number((await faults.query<{ b: string }>('SELECT balance::text AS b FROM students WHERE id = $1', [m.student]))[0]!.b);

    const lost = await killWhileWaitingOn('idempotency_keys', () => call('POST', `/api-student/gi?stid=${m.student}`, undefined, key));
    expect(lost.statusCode).toBe(503);
    expect(lost.json()).toEqual(UNAVAILABLE);
    expect(await receipts()).toBe(0);
    expect(await balance()).toBe(0);
    await expectServing();

    const retry = await call('POST', `/api-student/gi?stid=${m.student}`, undefined, key);
    expect(retry.statusCode).toBe(200);
    const done = retry.json<GenerateInvoicesResponse>();
    // January to November 2026: eleven monthly periods.
    expect(done).toEqual({ success: true, created: 11 });
    expect(await receipts()).toBe(11);
    expect(await balance()).toBe(11 * 4900);
    const again = await call('POST', `/api-student/gi?stid=${m.student}`, undefined, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(done);
    expect(await receipts()).toBe(11);
  });

  it('a dunning run: 503 {error: 1}, no run, no letter, no mail; the retry with its key duns once', async () => {
    const a = await member({ receipt: { due: '2026-09-01', amount: 3000 } });
    const b = await member({ receipt: { due: '2026-09-15', amount: 4000 } });
    const body = { level: 1, rnos: [a.rno, b.rno] };
    const key = `dunning-loss-${Date.now()}`;
    const tables = ['dunning_runs', 'dunning_run_items', 'dunnings', 'outbox'] as const;
    const counts = async () => {
      const found: Record<string, number> = {};
      for (const table of tables) found[table] = await faults.count(table);
      return found as Record<(typeof tables)[number], number>;
    };
    const before = await counts();

    const lost = await killWhileWaitingOn('idempotency_keys', () => call('POST', '/api-receipt/dunning', body, key));
    expect(lost.statusCode).toBe(503);
    expect(lost.json()).toEqual(UNAVAILABLE);
    expect(await counts()).toEqual(before);
    await expectServing();

    const retry = await call('POST', '/api-receipt/dunning', body, key);
    expect(retry.statusCode).toBe(200);
    const done = retry.json<DunningRunResponse>();
    expect(done).toMatchObject({ success: true, dunnings: 2, receipts: 2, mails: 2 });
    expect(await counts()).toEqual({
      dunning_runs: before.dunning_runs + 1,
      dunning_run_items: before.dunning_run_items + 2,
      dunnings: before.dunnings + 2,
      outbox: before.outbox + 2,
    });
    const again = await call('POST', '/api-receipt/dunning', body, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(done);
    expect(await counts()).toEqual({
      dunning_runs: before.dunning_runs + 1,
      dunning_run_items: before.dunning_run_items + 2,
      dunnings: before.dunnings + 2,
      outbox: before.outbox + 2,
    });
  });

  it('a COMMIT whose connection is lost is no success: 503 {error: 1}, nothing committed, the retry runs once', async () => {
    // A test-only deferred constraint trigger (in this test database, not in the product's
    // schema) makes the COMMIT itself wait for an advisory lock the test holds, so the backend
    // is terminated during the COMMIT.
    await faults.query(`
      CREATE FUNCTION test_commit_gate() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_advisory_xact_lock(7250001); RETURN NULL; END $$;
      CREATE CONSTRAINT TRIGGER test_commit_gate AFTER INSERT ON idempotency_keys
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION test_commit_gate();`);
    try {
      const m = await member({ start: '2026-10-01' });
      const key = `commit-loss-${Date.now()}`;
      const holder = await faults.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      await faults.query('SELECT pg_advisory_lock(7250001)');
      let answer: Promise<TestResponse> | undefined;
      try {
        answer = call('POST', `/api-student/gi?stid=${m.student}`, undefined, key);
        for (let i = 0; ; i++) {
          const waiting = await faults.query(
            `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event = 'advisory' AND query = 'COMMIT'`,
          );
          if (waiting.length) break;
          if (i > 1500) throw new Error('the COMMIT never waited');
          await sleep(20);
        }
        await faults.terminateAll([holder[0]!.pid]);
      } finally {
        await faults.query('SELECT pg_advisory_unlock(7250001)');
      }
      const lost = await answer;
      expect(lost.statusCode).toBe(503);
      expect(lost.json()).toEqual(UNAVAILABLE);
      expect(await faults.count('receipts', 'student_id = $1', [m.student])).toBe(0);
      await faults.query('DROP TRIGGER test_commit_gate ON idempotency_keys');
      const retry = await call('POST', `/api-student/gi?stid=${m.student}`, undefined, key);
      expect(retry.json()).toEqual({ success: true, created: 2 });
      expect((await call('POST', `/api-student/gi?stid=${m.student}`, undefined, key)).json()).toEqual({ success: true, created: 2 });
      expect(await faults.count('receipts', 'student_id = $1', [m.student])).toBe(2);
    } finally {
      await faults.query('DROP TRIGGER IF EXISTS test_commit_gate ON idempotency_keys; DROP FUNCTION IF EXISTS test_commit_gate()');
    }
  });

  it('a transaction that failed and went on is not reported committed (COMMIT answered ROLLBACK)', async () => {
    const driver = openPostgres(t.config);
    try {
      const write = driver.transaction(async (tx) => {
        await tx.query(`INSERT INTO schools (name, country, city) VALUES ('Nie gespeichert', 'at', 'Graz')`);
        await tx.query('SELECT 1/0').catch(() => undefined);
        return 'ok';
      });
      await expect(write).rejects.toThrow(/rolled back at COMMIT/);
      expect(await faults.count('schools', `name = 'Nie gespeichert'`)).toBe(0);
    } finally {
      await driver.close();
    }
  });

  it('a logout and a role change made elsewhere while the LISTEN connection is down are seen by the very next request', async () => {
    const reader = await t.loginAs({ atoms: ['student_r'], schools: [schoolId] });
    const other = await t.login(reader.username, reader.password);
    const state = (session: string) => t.request({ method: 'GET', url: '/api-application-state/get-state', headers: { cookie: session } });
    const list = (session: string) => t.request({ method: 'POST', url: '/api-student/list', headers: { cookie: session }, payload: { page: 0, pageSize: 10 } });
    const roleId = (await faults.query<{ role_id: number }>('SELECT role_id FROM users WHERE id = $1', [reader.id]))[0]!.role_id;
    await listeningAgain();
    // Both sessions used twice: the second answer came from the session cache.
    for (const request of [() => state(reader.cookie), () => state(reader.cookie), () => list(other), () => list(other)]) expect((await request()).statusCode).toBe(200);

    // Every backend of the database is terminated, the LISTEN connection's too: nothing of
    // this process hears the notifications of the changes below, which are made through
    // another connection.
    expect(await faults.terminateAll()).toBeGreaterThan(0);
    await faults.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND token_hash = sha256(convert_to($2, \'UTF8\'))', [reader.id, reader.cookie.split('=')[1]]);
    await faults.query(`UPDATE roles SET atoms = '{}'::text[] WHERE id = $1`, [roleId]);
    // Both changes were made while the process was not listening (it tries again after a second).
    expect(t.app.sessionCache.listening).toBe(false);
    expect((await state(reader.cookie)).statusCode).toBe(401);
    expect((await list(other)).statusCode).toBe(403);
    expect(uncaught).toEqual([]);

    // It listens again by itself.
    await listeningAgain();
    await faults.query(`UPDATE roles SET atoms = '{student_r}'::text[] WHERE id = $1`, [roleId]);
    expect((await list(other)).statusCode).toBe(200);
  });

  it("a transaction idle longer than the server's idle_in_transaction_session_timeout: ended by the server, DbUnavailableError, nothing committed", async () => {
    const driver = openPostgres(t.config);
    try {
      const write = driver.transaction(async (tx) => {
        await tx.query(`SET LOCAL idle_in_transaction_session_timeout = '200ms'`);
        await tx.query(`INSERT INTO schools (name, country, city) VALUES ('Zu lange offen', 'at', 'Graz')`);
        // The server ends the connection while no query runs: pg emits 'error' on the
        // checked-out client (on main an uncaught exception).
        await sleep(1_000);
        await tx.query('SELECT 1');
        return 'ok';
      });
      await expect(write).rejects.toBeInstanceOf(DbUnavailableError);
      expect(await faults.count('schools', `name = 'Zu lange offen'`)).toBe(0);
      expect(uncaught).toEqual([]);
      expect((await driver.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await driver.close();
    }
  });

  it('/readyz says 503 while the database refuses connections and ready again without a restart; requests answer 503 meanwhile', async () => {
    await faults.allowConnections(false);
    try {
      await faults.terminateAll();
      const ready = await t.request({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual(UNAVAILABLE);
      expect((await t.request({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      const read = await call('GET', '/api-application-state/get-state');
      expect(read.statusCode).toBe(503);
      expect(read.json()).toEqual(UNAVAILABLE);
      // Not listening for session changes: the session cache is not used.
      expect(t.app.sessionCache.listening).toBe(false);
    } finally {
      await faults.allowConnections(true);
    }
    expect((await t.request({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    expect((await call('GET', '/api-application-state/get-state')).statusCode).toBe(200);
    // The LISTEN connection comes back by itself (it retries every second).
    await listeningAgain();
    await expectServing();
  });

  it('the built server process survives its backends terminated during a large CAMT import and serves on', async () => {
    const port = await new Promise<number>((resolvePort, reject) => {
      const probe = createServer();
      probe.on('error', reject);
      probe.listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
      });
    });
    const dataDir = mkdtempSync(join(tmpdir(), 'sbo-dbloss-'));
    let output = '';
    const child = spawn(process.execPath, [SERVER], {
      cwd: dataDir,
      env: { ...process.env, DATABASE_URL: t.config.databaseUrl!, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_ROOT: REPO_ROOT, DEMO: '0', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk) => (output += chunk.toString()));
    child.stderr.on('data', (chunk) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
    const base = `http://127.0.0.1:${port}`;
    const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers: { 'x-client-version': t.config.version, ...headers } });
    try {
      for (let i = 0; ; i++) {
        if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
        if (await get('/readyz').then((res) => res.ok, () => false)) break;
        if (i > 600) throw new Error(`the server did not become ready:\n${output}`);
        await sleep(100);
      }
      const login = await fetch(`${base}/api-auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-client-version': t.config.version },
        body: JSON.stringify({ username, password }),
      });
      expect(login.status).toBe(200);
      const session = /sbo_session=[^;]+/.exec(login.headers.get('set-cookie') ?? '')![0];
      const entries: CamtTestEntry[] = Array.from({ length: 3_000 }, (_, i) => ({
        amount: 700 + i, credit: true, bookingDate: '2026-11-04', accountServicerRef: `SPAWN-${i}`,
        transactions: [{ name: `Zahlerin ${i}`, purpose: [`Kurs ${i}`] }],
      }));
      const form = multipart([{ name: 'file', filename: 'large.xml', data: buildCamt([{ id: 'SPAWN-1', iban: 'AT611904300234573201', entries }]) }]);
      const key = `spawn-camt-${Date.now()}`;
      const upload = async () => {
        const res = await fetch(`${base}/api-fin/bamimport`, {
          method: 'POST',
          headers: { ...form.headers, cookie: session, 'x-client-version': t.config.version, 'idempotency-key': key },
          body: form.payload,
        });
        return { status: res.status, body: (await res.json()) as unknown };
      };
      const imports = await faults.count('bank_imports');
      const movements = await faults.count('bank_movements');

      const lock = await faults.lock('sepa_debits');
      let lost: Promise<{ status: number; body: unknown }>;
      try {
        lost = upload();
        await faults.waiterOn('sepa_debits');
        await faults.terminateAll([lock.pid]);
      } finally {
        await lock.release();
      }
      expect(await lost).toEqual({ status: 503, body: UNAVAILABLE });
      expect(await faults.count('bank_imports')).toBe(imports);
      expect(await faults.count('bank_movements')).toBe(movements);
      // Still the same process a while later (the crash came with the connection's end).
      await sleep(1_500);
      expect(child.exitCode).toBeNull();
      expect((await get('/healthz')).status).toBe(200);
      expect((await get('/readyz')).status).toBe(200);
      expect((await get('/api-application-state/get-state', { cookie: session })).status).toBe(200);
      const retry = await upload();
      expect(retry.status).toBe(200);
      expect(retry.body).toMatchObject({ imported: 3_000, skipped: 0 });
      expect(await upload()).toEqual(retry);
      expect(await faults.count('bank_imports')).toBe(imports + 1);
      expect(await faults.count('bank_movements')).toBe(movements + 3_000);
      expect(output).not.toMatch(/Unhandled 'error' event|Connection terminated unexpectedly/);
    } finally {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await Promise.race([exited, sleep(10_000)]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
