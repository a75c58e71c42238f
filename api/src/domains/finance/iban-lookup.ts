import { bankDataByIBAN } from 'bankdata-germany';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { normaliseIban, validateIban, type IbanLookup } from 'shared-kernel/contracts';
import { API_DIR } from '../../lib/paths.js';

/**
 * BIC and bank name of an IBAN from the national bank directories shipped in npm packages
 * (no call leaves the machine):
 * - Germany: `bankdata-germany` (the Bundesbank's BLZ file: bank name and BIC; it carries the
 *   current and the next quarterly file and switches on the next one's start date by itself);
 * - Austria, and Germany where the BLZ file has no BIC: `iban-to-bic` (BIC only; it has no
 *   bank names, so the bank stays '' there).
 * The IBAN check is the kernel's `validateIban` (contracts/banking.ts), the same one the forms
 * and every write use: one IBAN rule in the product.
 */

interface IbanToBic {
  ibanToBic(iban: string): string | undefined;
}

const requireFromApi = createRequire(join(API_DIR, 'package.json'));
const ibanToBicPackage = requireFromApi('iban-to-bic') as IbanToBic;

/** Answer of an IBAN that is not valid. */
const INVALID: IbanLookup = { valid: false, bic: '', bank: '' };

/**
 * Looks an IBAN up: `valid` by the kernel's IBAN rule, `bic` and `bank` from the bank code
 * ('' when the directories do not know it, or for other countries than AT and DE).
 * @example lookupIban('DE89 3704 0044 0532 0130 00') // { valid: true, bic: 'COBADEFFXXX', bank: 'Commerzbank' }
 */
export function lookupIban(value: string, now: Date = new Date()): IbanLookup {
  const iban = normaliseIban(value);
  if (!validateIban(iban)) return INVALID;
  const country = iban.slice(0, 2);
  if (country !== 'DE' && country !== 'AT') return { valid: true, bic: '', bank: '' };
  const german = country === 'DE' ? bankDataByIBAN(iban, now) : null;
  const bic = german?.bic || ibanToBicPackage.ibanToBic(iban) || '';
  return { valid: true, bic, bank: german?.bankName ?? '' };
}

/** Which bank directories the lookup uses (for the API docs and README). */
export interface BankDirectories {
  /** bankdata-germany's version, e.g. '2.2602.0'. */
  germanyPackage: string;
  /** Start date (YYYY-MM-DD) of the next Bundesbank file inside it; it is used from that day on. */
  germanyNextFileFrom: string;
  /** iban-to-bic's version (its datasets carry no date of their own). */
  austriaPackage: string;
}

function packageDirectory(entry: string): string {
  let dir = dirname(requireFromApi.resolve(entry));
  while (!dir.endsWith(`node_modules/${entry}`) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

let directories: BankDirectories | undefined;

/** The bank directories in use, read from the installed packages (once). */
export function bankDirectories(): BankDirectories {
  if (directories) return directories;
  const germany = packageDirectory('bankdata-germany');
  const austria = packageDirectory('iban-to-bic');
  const versionOf = (dir: string) => (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
  // The next file's header names the day it comes into force ("2026-09-07T00:00:00+0200").
  const next = JSON.parse(readFileSync(join(germany, 'dist', 'cjs', 'data', 'next.json'), 'utf8')) as { valid?: string };
  directories = {
    germanyPackage: versionOf(germany),
    germanyNextFileFrom: (next.valid ?? '').slice(0, 10),
    austriaPackage: versionOf(austria),
  };
  return directories;
}
