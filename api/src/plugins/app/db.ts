import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { openDb, type Db } from '../../db/index.js';
import { refreshStatistics } from '../../db/maintenance.js';
import { removeExpiredIdempotencyKeys } from '../../lib/idempotency.js';
import { createMailer } from '../../mail/mailer.js';
import { countUsers } from '../../domains/users/repository.js';

/** Options of the db plugin: an opened database, or none to open the configured one. */
export interface DbPluginOptions {
  db?: Db;
}

/**
 * Opens the configured database (migrating it; seeding demo data when DEMO is on and it has
 * no users) unless one is given, and makes the database (app.db), the mailer (app.mailer) and app.track() available. On close
 * it waits for tracked background writes (audit rows) and mails, then closes the database.
 */
export default fp<DbPluginOptions>(
  async function database(app: FastifyInstance, opts) {
    const background = new Set<Promise<unknown>>();
    const db = opts.db ?? (await openDb(app.config));
    if (!opts.db && app.config.demo && (await countUsers(db)) === 0) {
      app.log.info('empty database: seeding demo data');
      const { seedDemo } = await import('../../seed/demo.js');
      await seedDemo(db, { now: app.now() });
      await refreshStatistics(db);
    }
    // Idempotency keys expire after a day; writes remove their user's own, this the rest.
    await removeExpiredIdempotencyKeys(db, app.now());
    app.decorate('db', db);
    app.decorate('mailer', createMailer(app.config, db, app.log, () => app.now()));
    app.decorate('track', (job: Promise<unknown>) => {
      const settled = job.catch(() => undefined).finally(() => background.delete(settled));
      background.add(settled);
    });
    app.addHook('onClose', async () => {
      await Promise.all([...background]);
      await app.mailer.flush();
      await db.close();
    });
  },
  { name: 'db' },
);
