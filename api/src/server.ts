import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { jobsOf } from './domains/jobs/registry.js';
import { createJobRunner, type JobRunner } from './jobs/runner.js';

/**
 * Entry point (`node api/dist/server.js`): reads the environment, opens and migrates the
 * database, serves API, shell and remotes, and shuts down cleanly on SIGTERM/SIGINT.
 */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const app = buildApp(config);

  let stopping = false;
  let jobs: JobRunner | null = null;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // A hung close must not keep the process forever (e.g. a stuck database connection).
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      // The job under way finishes (or its lease lets another process run it again).
      await jobs?.stop();
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // Scheduled and deferred work (session sweep, deferred invitations, VACUUM on PGlite, ...):
  // every process runs the runner; each due job runs in one of them (domains/jobs/registry.ts).
  jobs = createJobRunner(app, jobsOf(app));
  await jobs.start();

  const address = `http://localhost:${config.port}`;
  const lines = [
    '',
    `  School back office ${config.version} is running: ${address}`,
    `  Database: ${config.databaseUrl ? 'PostgreSQL server (DATABASE_URL)' : `embedded PGlite in ${config.embeddedDataDir}`}`,
    `  API docs: ${address}/api-docs`,
  ];
  if (config.demo) {
    const { DEMO_USERS, DEMO_PASSWORD } = await import('./seed/demo.js');
    lines.push(`  Demo logins (password ${DEMO_PASSWORD}):`);
    for (const user of DEMO_USERS) lines.push(`    ${user.username.padEnd(8)} ${user.description}`);
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`Start failed: ${error instanceof Error ? error.message : String(error)}\n`);
  if (error instanceof Error && error.cause) process.stderr.write(`  cause: ${String((error.cause as Error).message ?? error.cause)}\n`);
  process.exit(1);
});
