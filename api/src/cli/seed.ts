/**
 * `npm run seed -- --students 100000 [--seed 42] [--schools 4]`
 *
 * Adds a large, deterministic set of students for benchmarks to the configured database
 * (DATABASE_URL, or the embedded one under DATA_DIR). An empty embedded database (or any
 * empty one with DEMO=1) first gets the demo office, so the demo logins work on it.
 */
import { loadConfig } from '../config.js';
import { openDb } from '../db/index.js';
import { refreshStatistics } from '../db/maintenance.js';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from '../seed/demo.js';
import { generateStudents } from '../seed/generate.js';

/** Parsed command line of the seed CLI. */
export interface SeedArgs {
  students: number;
  seed: number;
  schools?: number;
}

const USAGE = 'usage: npm run seed -- --students <count> [--seed <number>] [--schools <count>]';

/** Parses `--name value` / `--name=value` pairs; throws with the usage line on bad input. */
export function parseSeedArgs(argv: readonly string[]): SeedArgs {
  const values = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') throw new Error(USAGE);
    const match = /^--(students|seed|schools)(?:=(.*))?$/.exec(arg);
    if (!match) throw new Error(`unknown argument "${arg}"\n${USAGE}`);
    const value = match[2] ?? argv[++i];
    if (value === undefined) throw new Error(`--${match[1]} needs a value\n${USAGE}`);
    values.set(match[1]!, value);
  }
  const integer = (name: string, min: number, fallback?: number): number | undefined => {
    const raw = values.get(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be a whole number >= ${min}, got "${raw}"\n${USAGE}`);
    return value;
  };
  const students = integer('students', 0);
  if (students === undefined) throw new Error(`--students is required\n${USAGE}`);
  return { students, seed: integer('seed', 0, 42)!, schools: integer('schools', 1) };
}

async function main(): Promise<void> {
  const args = parseSeedArgs(process.argv.slice(2));
  const config = loadConfig(process.env);
  const db = await openDb(config);
  try {
    const users = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users')).rows[0]!.n;
    if (users === 0 && config.demo) {
      await seedDemo(db, { now: new Date() });
      console.log(`Demo office seeded. Logins (password ${DEMO_PASSWORD}): ${DEMO_USERS.map((u) => u.username).join(', ')}`);
    }
    const result = await generateStudents(db, { students: args.students, seed: args.seed, schools: args.schools });
    // Statistics and visibility map for the new rows: without them the lists are planned
    // blind (PGlite never runs autovacuum; a server's would catch up only later).
    const maintenance = Date.now();
    await refreshStatistics(db, { vacuum: true });
    const maintenanceSeconds = (Date.now() - maintenance) / 1000;
    console.log(
      `Added ${result.inserted} students to schools ${result.schoolIds.join(', ')} in ${(result.milliseconds / 1000).toFixed(1)} s ` +
        `(${config.databaseUrl ? 'PostgreSQL server' : `embedded database in ${config.embeddedDataDir}`}); ` +
        `VACUUM ANALYZE ${maintenanceSeconds.toFixed(1)} s.`,
    );
  } finally {
    await db.close();
  }
}

// Only run when executed as a program (node api/dist/cli/seed.js), not when imported by tests.
if (/[\\/]cli[\\/]seed\.[cm]?js$/.test(process.argv[1] ?? '')) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
