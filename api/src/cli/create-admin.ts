import { createInterface } from 'node:readline/promises';
import { stdin, stdout } from 'node:process';
import { PASSWORD_MIN_LENGTH, USERNAME_PATTERN } from 'shared-kernel/contracts';
import { isCommonPassword } from '../auth/common-passwords.js';
import { hashPassword } from '../auth/password.js';
import { loadConfig } from '../config.js';
import { openDb } from '../db/index.js';
import { insertUser, usernameTaken } from '../domains/users/repository.js';

/** Reads `--name value` pairs. */
function parseArgs(argv: string[]): Record<string, string> {
  const args: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) continue;
    const [name, inline] = arg.slice(2).split('=', 2);
    if (inline !== undefined) args[name] = inline;
    else if (argv[i + 1] !== undefined && !argv[i + 1].startsWith('--')) args[name] = argv[++i];
    else args[name] = '';
  }
  return args;
}

/** Asks for a password without echoing it. */
async function promptPassword(question: string): Promise<string> {
  if (!stdin.isTTY) {
    const rl = createInterface({ input: stdin });
    for await (const line of rl) {
      rl.close();
      return line;
    }
    return '';
  }
  stdout.write(question);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  let value = '';
  return new Promise((resolve) => {
    const onData = (char: string) => {
      if (char === '\r' || char === '\n' || char === '\u0004') {
        stdin.setRawMode(false);
        stdin.pause();
        stdin.off('data', onData);
        stdout.write('\n');
        resolve(value);
      } else if (char === '\u0003') {
        process.exit(130);
      } else if (char === '\u007f') {
        value = value.slice(0, -1);
      } else {
        value += char;
      }
    };
    stdin.on('data', onData);
  });
}

/**
 * `npm run create-admin -- --username x --email y [--password p] [--firstname f --lastname l]`:
 * creates a superadmin with access to all schools (the first account of a server install).
 */
async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const username = args.username?.trim() ?? '';
  const email = args.email?.trim() ?? '';
  if (!USERNAME_PATTERN.test(username)) throw new Error('--username: 3 to 29 letters, digits, hyphen, underscore or dot');
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw new Error('--email: a valid e-mail address');
  let password = args.password ?? '';
  if (!password) {
    password = await promptPassword('Password: ');
    if (stdin.isTTY && (await promptPassword('Repeat password: ')) !== password) throw new Error('the passwords differ');
  }
  if (password.length < PASSWORD_MIN_LENGTH) throw new Error(`the password needs at least ${PASSWORD_MIN_LENGTH} characters`);
  if (isCommonPassword(password, username)) throw new Error('this password is one of the most common ones; choose another');

  const config = loadConfig(process.env);
  const db = await openDb(config);
  try {
    if (await usernameTaken(db, username)) throw new Error(`the username "${username}" is taken`);
    const hash = await hashPassword(password);
    const id = await db.transaction((tx) =>
      insertUser(
        tx,
        {
          username,
          salutation_id: 1,
          firstname: args.firstname ?? 'Admin',
          lastname: args.lastname ?? username,
          email,
          dob: null,
          level: 1,
          role_id: null,
          school_access: 1,
          schools: [],
          disabled: false,
        },
        hash,
        new Date(),
      ),
    );
    stdout.write(`Superadmin "${username}" created (id ${id}), access to all schools.\n`);
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`create-admin: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
