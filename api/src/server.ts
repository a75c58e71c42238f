import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { EMBEDDED_ANALYZE_INTERVAL_MS, refreshStatistics } from './db/maintenance.js';
import { deleteDeadSessions } from './domains/auth/sessions-repository.js';
import { startInvitationScheduler, type InvitationScheduler } from './domains/leads/invitation-scheduler.js';

/**
 * Entry point (`node api/dist/server.js`): reads the environment, opens and migrates the
 * database, serves API, shell and remotes, and shuts down cleanly on SIGTERM/SIGINT.
 */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const app = buildApp(config);

  let stopping = false;
  let invitationScheduler: InvitationScheduler | null = null;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // A hung close must not keep the process forever (e.g. a stuck database connection).
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await invitationScheduler?.stop();
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
  // Invitations with a later delivery date (issue 15): sent once by one of the processes.
  invitationScheduler = startInvitationScheduler(app);

  // Housekeeping: ended sessions are kept a day for the audit trail, then removed.
  const sweep = () => deleteDeadSessions(app.db, app.now()).catch((error) => app.log.warn({ err: error }, 'session sweep failed'));
  void sweep();
  setInterval(sweep, 3_600_000).unref();
  // PGlite has no autovacuum: without fresh statistics the planner picks slow plans as the
  // tables grow, and dead rows (sessions touched every minute, edits) are never reclaimed.
  if (app.db.kind === 'pglite') {
    const maintain = () => refreshStatistics(app.db, { vacuum: true }).catch((error) => app.log.warn({ err: error }, 'VACUUM ANALYZE failed'));
    setInterval(maintain, EMBEDDED_ANALYZE_INTERVAL_MS).unref();
  }

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
