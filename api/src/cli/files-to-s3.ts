import { join } from 'node:path';
import { loadConfig } from '../config.js';
import { FolderFileStore } from '../files/folder-store.js';
import { moveFolderToObjectStore, type MoveCounts } from '../files/move-to-s3.js';
import { S3FileStore } from '../files/s3-store.js';

const USAGE = `npm run files:to-s3 -- [--from DIR] [--delete-local] [--dry-run] [--concurrency N]

Copies the uploaded files from the folder (default DATA_DIR/files) into the object store the
S3_* variables name, under the same keys. Run it again as often as needed: files already in
the bucket with the same size are skipped, so an interrupted run resumes.
  --from DIR        the files folder (default DATA_DIR/files)
  --delete-local    remove each local file once the bucket holds it
  --dry-run         only count what would be copied
  --concurrency N   uploads at once (1 to 32, default 4)`;

/** The command's options from its arguments; throws with the usage on anything unknown. */
export function parseFilesToS3Args(argv: readonly string[]): { from: string | null; deleteLocal: boolean; dryRun: boolean; concurrency: number; help: boolean } {
  const options = { from: null as string | null, deleteLocal: false, dryRun: false, concurrency: 4, help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [name, inline] = arg.split('=', 2) as [string, string | undefined];
    const value = () => {
      const next = inline ?? argv[++i];
      if (next === undefined || next.startsWith('--')) throw new Error(`${name} needs a value\n\n${USAGE}`);
      return next;
    };
    if (name === '--from') options.from = value();
    else if (name === '--delete-local' && inline === undefined) options.deleteLocal = true;
    else if (name === '--dry-run' && inline === undefined) options.dryRun = true;
    else if (name === '--help' || name === '-h') options.help = true;
    else if (name === '--concurrency') {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 1 || n > 32) throw new Error(`--concurrency must be a whole number from 1 to 32\n\n${USAGE}`);
      options.concurrency = n;
    } else throw new Error(`unknown argument "${arg}"\n\n${USAGE}`);
  }
  return options;
}

/** One line of counts, as the command prints it. */
export function describeCounts(counts: MoveCounts, dryRun = false): string {
  const mb = (counts.bytes / 1024 / 1024).toFixed(1);
  return (
    `${counts.files} files: ${counts.copied} ${dryRun ? 'to copy' : 'copied'} (${mb} MB), ${counts.skipped} already in the bucket, ` +
    `${counts.failed} failed` + (counts.deleted ? `, ${counts.deleted} local files removed` : '')
  );
}

/**
 * The command (`npm run files:to-s3`): the folder -> the configured object store. Returns
 * the exit code: 0 when every file is in the bucket, 1 when some failed (run it again).
 */
export async function runFilesToS3(argv: readonly string[], env: NodeJS.ProcessEnv, print: (line: string) => void): Promise<number> {
  const args = parseFilesToS3Args(argv);
  if (args.help) {
    print(USAGE);
    return 0;
  }
  const config = loadConfig(env);
  if (!config.s3) throw new Error('no object store configured: set S3_BUCKET (and S3_URL, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY) as for the server');
  const source = new FolderFileStore(args.from ?? join(config.dataDir, 'files'));
  const target = new S3FileStore(config.s3);
  try {
    await target.check();
    print(`${args.dryRun ? 'Counting' : 'Copying'} the files of ${source.location} into ${target.location}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ''} ...`);
    const counts = await moveFolderToObjectStore(source, target, {
      deleteLocal: args.deleteLocal,
      dryRun: args.dryRun,
      concurrency: args.concurrency,
      onProgress: (so) => print(`  ${describeCounts(so, args.dryRun)}`),
    });
    for (const failure of counts.failures) print(`  failed ${failure.key}: ${failure.error}`);
    print(describeCounts(counts, args.dryRun));
    if (counts.failed) print('Some files were not copied; run the command again (files already copied are skipped).');
    return counts.failed ? 1 : 0;
  } finally {
    await target.close();
  }
}

// Only run when executed as a program (node api/dist/cli/files-to-s3.js), not when imported by tests.
if (/[\\/]cli[\\/]files-to-s3\.[cm]?js$/.test(process.argv[1] ?? '')) {
  runFilesToS3(process.argv.slice(2), process.env, (line) => process.stdout.write(`${line}\n`)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`files:to-s3: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
