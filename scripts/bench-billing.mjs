// `npm run bench:billing`: one month's invoices for 100k students with active contracts, on
// the embedded PGlite and on a PostgreSQL server. Seeds N students with one monthly contract
// each (starting on the first of the month, so exactly one period is due), then measures
//   - the invoice generation the API and the daily job run (generateInvoices of
//     api/src/domains/student-money/repository.ts: periods, skips, contract ends, activation
//     fee, tax split, ON CONFLICT on the period key), students/s;
//   - beside it the limit: one plain set-based INSERT ... SELECT of the same rows into the
//     same table (same triggers), students/s;
// and prints the ratio. Each is run twice, rolled back (the database stays as seeded), the
// faster run counts; then the generation once more for real and a second time (0 created:
// idempotent). A measurement script, not a test: print and record in README.
//
//   npm run bench:billing [-- --students 100000] [--only pglite|postgres] [--no-build]
//
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names a
// server where a database sbo_bench_<random> is created and dropped again.
import { spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { openBenchDb } from './bench-db.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const STUDENTS = Number(option('students', '100000'));
const ONLY = option('only', '');
const START_LOAD = loadavg().map((n) => n.toFixed(2)).join(' ');
const TODAY = '2026-11-21';
const MONTH_START = '2026-11-01';

if (!args.includes('--no-build')) {
  const build = spawnSync('npm', ['run', 'build:server'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const dist = (path) => import(pathToFileURL(join(root, 'api/dist', path)).href);
const { generateInvoices } = await dist('domains/student-money/repository.js');
const { JOB_STATEMENT_TIMEOUT } = await dist('domains/student-money/invoice-job.js');

/** Students and one active monthly contract each (set-based). */
async function seed(db) {
  await db.transaction(async (tx) => {
    const school = await tx.query("INSERT INTO schools (name, country, city) VALUES ('Bench', 'at', 'Graz') RETURNING id");
    const schoolId = school.rows[0].id;
    await tx.query(
      `INSERT INTO students (school_id, salutation_id, firstname, lastname, student_status_id, street, house_no, zip, city, country_iso)
       SELECT $1, 1, 'Vorname' || g, 'Nachname' || g, 2, 'Weg', '1', '8010', 'Graz', 'at' FROM generate_series(1, $2) AS g`,
      [schoolId, STUDENTS],
    );
    await tx.query(
      `INSERT INTO student_contracts (school_id, student_id, status, payment_method_id, contract_start, amount_gross, activation_gross,
                                      tax_percent, pay_interval, c_interval_start, c_cperiod_start, c_interval_follow, c_cperiod_follow)
       SELECT school_id, id, 1, 1, $1::date, 4900, 0, 20, 1, 1, 12, 1, 1 FROM students WHERE school_id = $2`,
      [MONTH_START, schoolId],
    );
  });
  await db.query('ANALYZE');
}

/** The limit: the same rows, one plain INSERT ... SELECT. */
const plainInsert = (tx) =>
  tx.query(
    `INSERT INTO receipts (school_id, student_id, student_contract_id, kind, type, text, date_due, period_start, period_end, amount, tax, currency)
     SELECT c.school_id, c.student_id, c.id, 'IR', 1, 'Mitgliedsbeitrag', c.contract_start, c.contract_start,
            (c.contract_start + interval '1 month')::date - 1, c.amount_gross,
            round(c.amount_gross * c.tax_percent / (100 + c.tax_percent))::bigint, c.currency
       FROM student_contracts c WHERE c.status IN (1, 3)`,
  ).then((r) => r.rowCount);

const generation = (tx) => generateInvoices(tx, { studentId: null, today: TODAY, disabledStatuses: [3, 8] });

class Rollback extends Error {}

/** Runs `work` in a transaction that is rolled back; answers seconds and rows. */
async function timed(db, work) {
  let rows = 0;
  const t0 = performance.now();
  await db
    .transaction(async (tx) => {
      // As the daily job: one statement for everybody, longer than a request may take.
      await tx.query(`SET LOCAL statement_timeout = '${JOB_STATEMENT_TIMEOUT}'`);
      rows = await work(tx);
      throw new Rollback();
    })
    .catch((error) => {
      if (!(error instanceof Rollback)) throw error;
    });
  return { seconds: (performance.now() - t0) / 1000, rows };
}

const results = [];
for (const backend of ONLY ? [ONLY] : ['pglite', 'postgres']) {
  const { db, close } = await openBenchDb(root, backend);
  try {
    process.stdout.write(`\n[${backend}] seeding ${STUDENTS} students with a monthly contract ...\n`);
    await seed(db);
    const runs = { plain: [], generation: [] };
    for (let i = 0; i < 2; i += 1) {
      process.stdout.write(`[${backend}] plain INSERT ... SELECT (run ${i + 1}, rolled back) ...\n`);
      runs.plain.push(await timed(db, plainInsert));
      process.stdout.write(`[${backend}] generateInvoices (run ${i + 1}, rolled back) ...\n`);
      runs.generation.push(await timed(db, generation));
    }
    const best = (list) => list.reduce((a, b) => (b.seconds < a.seconds ? b : a));
    const plain = best(runs.plain);
    const gen = best(runs.generation);
    // For real, and again: the second run creates nothing (idempotent per period).
    const t0 = performance.now();
    const asJob = async (tx) => {
      await tx.query(`SET LOCAL statement_timeout = '${JOB_STATEMENT_TIMEOUT}'`);
      return generation(tx);
    };
    const created = await db.transaction(asJob);
    const committedSeconds = (performance.now() - t0) / 1000;
    const t1 = performance.now();
    const again = await db.transaction(asJob);
    const againSeconds = (performance.now() - t1) / 1000;
    const balance = await db.query('SELECT sum(balance)::text AS b FROM students');
    results.push({ backend, plain, gen, created, committedSeconds, again, againSeconds, balance: Number(balance.rows[0].b) });
  } finally {
    await close();
  }
}

const fmt = (n, digits = 1) => n.toFixed(digits);
const lines = [
  '',
  `One month's invoices for ${STUDENTS} students (one active monthly contract each), today ${TODAY}`,
  `machine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), load at start ${START_LOAD}`,
  '',
  '| database | generateInvoices | students/s | plain INSERT…SELECT | students/s | ratio | committed run | second run (created) |',
  '|---|---|---|---|---|---|---|---|',
  ...results.map((r) => {
    const genRate = r.gen.rows / r.gen.seconds;
    const plainRate = r.plain.rows / r.plain.seconds;
    return `| ${r.backend} | ${fmt(r.gen.seconds, 2)} s (${r.gen.rows} rows) | ${fmt(genRate, 0)} | ${fmt(r.plain.seconds, 2)} s (${r.plain.rows} rows) | ${fmt(plainRate, 0)} | ${fmt(genRate / plainRate, 2)}× | ${fmt(r.committedSeconds, 2)} s (${r.created}) | ${fmt(r.againSeconds, 2)} s (${r.again}) |`;
  }),
  '',
  ...results.map((r) => `${r.backend}: sum of balances after the run ${r.balance} cents (expected ${STUDENTS * 4900})`),
];
process.stdout.write(`${lines.join('\n')}\n`);
