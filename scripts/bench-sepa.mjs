// `npm run bench:sepa`: SEPA file speed (issue 14). Sections, each printing its own figures:
//   - pain008: a 10,000-debit pain.008.001.08 written by the product's writer
//     (api/src/domains/direct-debits/pain008.ts, string building) beside the `sepa` npm
//     library (devDependency) writing the same debits; best of 5 runs each, and the ratio.
//     Targets: ≤ 1 s and ≥ 2× the library.
// A further section (the CAMT import) is added to SECTIONS below. A measurement script, not a
// test: print and record in README (Benchmarks).
//
//   npm run bench:sepa [-- --debits 10000] [--no-build]
import { spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const DEBITS = Number(option('debits', '10000'));

if (!args.includes('--no-build')) {
  const build = spawnSync('npm', ['run', 'build:server'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** The fastest of `runs` runs of `fn` in milliseconds (the first run warms up the JIT as well). */
function best(fn, runs = 5) {
  let fastest = Infinity;
  let result;
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    result = fn();
    fastest = Math.min(fastest, Number(process.hrtime.bigint() - start) / 1e6);
  }
  return { ms: fastest, result };
}

/** The same debits for both writers: names with umlauts and `&<>`, FRST and RCUR. */
function debits(n) {
  return Array.from({ length: n }, (_, i) => ({
    endToEndId: `R${100000 + i}-DD1`,
    amount: 4900 + (i % 1000),
    mandateId: `M-${100000 + i}`,
    mandateDate: '2025-03-01',
    sequenceType: i % 10 === 0 ? 'FRST' : 'RCUR',
    debtorName: i % 2 ? `Jörg Müller & <Söhne> ${i}` : `Anna Huber ${i}`,
    debtorIban: 'DE02120300000000202051',
    debtorBic: 'BYLADEM1001',
    purpose: `Beitrag November 2026 Beleg ${100000 + i}`,
  }));
}

async function pain008Section() {
  const { buildPain008 } = await import(pathToFileURL(join(root, 'api/dist/domains/direct-debits/pain008.js')).href);
  const SEPA = (await import('sepa')).default;
  const list = debits(DEBITS);
  const creditor = { name: 'Kampfkunst Müller & Söhne', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', ci: 'DE98ZZZ09999999999' };
  const ours = best(() =>
    buildPain008({ version: 'pain.008.001.08', messageId: 'SBO-DD1-20261121093000', createdAt: '2026-11-21T09:30:00.000Z', creditor, collectionDate: '2026-11-24', currency: 'EUR', debits: list }),
  );
  const library = best(() => {
    const doc = new SEPA.Document('pain.008.001.08');
    doc.grpHdr.id = 'SBO-DD1-20261121093000';
    doc.grpHdr.created = new Date('2026-11-21T09:30:00Z');
    doc.grpHdr.initiatorName = creditor.name;
    for (const seq of ['FRST', 'RCUR']) {
      const info = doc.createPaymentInfo();
      info.collectionDate = new Date('2026-11-24T00:00:00Z');
      info.creditorIBAN = creditor.iban;
      info.creditorBIC = creditor.bic;
      info.creditorName = creditor.name;
      info.creditorId = creditor.ci;
      info.sequenceType = seq;
      doc.addPaymentInfo(info);
      for (const d of list.filter((x) => x.sequenceType === seq)) {
        const tx = info.createTransaction();
        tx.debtorName = d.debtorName;
        tx.debtorIBAN = d.debtorIban;
        tx.debtorBIC = d.debtorBic;
        tx.mandateId = d.mandateId;
        tx.mandateSignatureDate = new Date(`${d.mandateDate}T00:00:00Z`);
        tx.amount = d.amount / 100; // the library takes floats
        tx.end2endId = d.endToEndId;
        tx.remittanceInfo = d.purpose;
        info.addTransaction(tx);
      }
    }
    return doc.toString();
  });
  const ratio = library.ms / ours.ms;
  return [
    `pain.008.001.08 with ${DEBITS} debits:`,
    `  product writer (string building): ${ours.ms.toFixed(1)} ms, ${(ours.result.length / 1024).toFixed(0)} KB (target ≤ 1000 ms: ${ours.ms <= 1000 ? 'met' : 'MISSED'})`,
    `  sepa library ${JSON.parse((await import('node:fs')).readFileSync(join(root, 'node_modules/sepa/package.json'), 'utf8')).version}: ${library.ms.toFixed(1)} ms, ${(library.result.length / 1024).toFixed(0)} KB`,
    `  ratio: ${ratio.toFixed(1)}× faster than the library (target ≥ 2×: ${ratio >= 2 ? 'met' : 'MISSED'})`,
  ];
}

/** The sections of the benchmark, in order; each answers its printed lines. */
const SECTIONS = [['pain.008 generation', pain008Section]];

console.log(`bench:sepa on ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), load ${loadavg().map((n) => n.toFixed(2)).join(' ')}, Node ${process.version}`);
for (const [title, section] of SECTIONS) {
  console.log(`\n## ${title}`);
  for (const line of await section()) console.log(line);
}
