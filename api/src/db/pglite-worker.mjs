// Runs PGlite (PostgreSQL compiled to WebAssembly) in a worker thread. Its queries run
// synchronously inside WebAssembly; on the main thread one slow query would stall every
// HTTP request. Plain JavaScript so it runs unchanged from src/ in the server and in tests.
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';

const raw = (value) => value;
const pg = await PGlite.create(workerData.dataDir, {
  // Dates and timestamps cross the thread boundary as text; the main thread makes Dates.
  parsers: { [types.DATE]: raw, [types.TIMESTAMP]: raw, [types.TIMESTAMPTZ]: raw },
  // A data directory PGlite dumped before (a tarball file): the database starts as it was
  // instead of from an empty cluster (the API tests start each file from a migrated one).
  ...(workerData.loadDataDir ? { loadDataDir: new Blob([readFileSync(workerData.loadDataDir)]) } : {}),
});

function errorInfo(error) {
  const info = { message: String(error?.message ?? error) };
  for (const key of ['code', 'detail', 'hint', 'position', 'constraint', 'table', 'column', 'schema', 'severity', 'where']) {
    if (error && error[key] !== undefined) info[key] = error[key];
  }
  return info;
}

parentPort.on('message', async (message) => {
  const { id, op, sql, params } = message;
  try {
    if (op === 'query') {
      const res = await pg.query(sql, params);
      parentPort.postMessage({
        id,
        ok: true,
        rows: res.rows,
        fields: res.fields.map((f) => ({ name: f.name, type: f.dataTypeID })),
        affectedRows: res.affectedRows ?? 0,
      });
    } else if (op === 'exec') {
      await pg.exec(sql);
      parentPort.postMessage({ id, ok: true });
    } else if (op === 'listen') {
      // PGlite hands its own session's notifications to the callback while it reads the
      // answer of the committing statement, so the message below reaches the main thread
      // before that statement's reply (the thread's messages keep their order).
      await pg.listen(sql, (payload) => parentPort.postMessage({ notify: sql, payload }));
      parentPort.postMessage({ id, ok: true });
    } else if (op === 'unlisten') {
      await pg.unlisten(sql);
      parentPort.postMessage({ id, ok: true });
    } else if (op === 'dump') {
      // The data directory as an uncompressed tarball (what loadDataDir above reads back).
      // A checkpoint first: a database started from the files replays the WAL written after
      // the last one, and sequences logged 32 values ahead would come back advanced.
      await pg.exec('CHECKPOINT');
      const tarball = new Uint8Array(await (await pg.dumpDataDir('none')).arrayBuffer());
      parentPort.postMessage({ id, ok: true, data: tarball }, [tarball.buffer]);
    } else if (op === 'close') {
      if (!pg.closed) await pg.close();
      parentPort.postMessage({ id, ok: true });
    } else {
      throw new Error(`unknown operation ${op}`);
    }
  } catch (error) {
    parentPort.postMessage({ id, ok: false, error: errorInfo(error) });
  }
});

parentPort.postMessage({ ready: true });
