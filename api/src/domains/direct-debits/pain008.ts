import type { AnyPainVersion, SequenceType } from 'shared-kernel/contracts';

/**
 * pain.008 (SEPA Core direct debit initiation) written as a string: a pure function of the run
 * data, so the same run always gives the same bytes. Versions: pain.008.001.08 and
 * pain.008.001.02 (ISO 20022, EBICS upload) and pain.008.003.02 (German DK format, FinTS).
 *
 * - one PmtInf per sequence type (FRST / RCUR) of the run (a run is one creditor account and
 *   one collection date);
 * - one DrctDbtTxInf per PainDebit: a transaction of the run (one mandate of one student, its
 *   receipts' amounts summed by the run, repository.ts planDebits; see debitPurpose);
 * - names and purposes transliterated to the SEPA (EPC) character set and cut (Nm 70,
 *   Ustrd 140); ids restricted to the SEPA id character set;
 * - amounts written from integer cents as exact decimals, never through floating point;
 * - XML special characters escaped (after transliteration only `&<>'"` could remain... and
 *   `'` is in the SEPA set, so escape() still runs on every text).
 */

/** A transaction of the file (DrctDbtTxInf): one mandate's receipts of the run. */
export interface PainDebit {
  endToEndId: string;
  /** Cents, > 0: the sum of the transaction's receipts. */
  amount: number;
  mandateId: string;
  /** ISO date. */
  mandateDate: string;
  sequenceType: SequenceType;
  debtorName: string;
  debtorIban: string;
  debtorBic: string | null;
  purpose: string;
}

export interface PainRun {
  version: AnyPainVersion;
  messageId: string;
  /** ISO instant of creation; written as YYYY-MM-DDTHH:mm:ss (UTC, with Z). */
  createdAt: string;
  creditor: { name: string; iban: string; bic: string | null; ci: string };
  collectionDate: string;
  currency: string;
  debits: PainDebit[];
}

const TRANSLIT: Record<string, string> = {
  Ä: 'Ae', Ö: 'Oe', Ü: 'Ue', ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', ẞ: 'SS',
  '&': '+', '<': '(', '>': ')', '"': "'", '_': '-', '@': '(at)', '€': 'EUR', '*': '.', '#': '-',
  ';': ',', '!': '.', '=': '-', '%': ' ', '[': '(', ']': ')', '{': '(', '}': ')', '|': '/',
  '\\': '/', '~': '-', '^': ' ', '`': "'", '´': "'", '‘': "'", '’': "'", '‚': ',', '“': "'", '”': "'", '„': "'",
  '–': '-', '—': '-', Æ: 'AE', æ: 'ae', Œ: 'OE', œ: 'oe', Ø: 'O', ø: 'o', Đ: 'D', đ: 'd', Ł: 'L', ł: 'l', Þ: 'TH', þ: 'th',
};
/** The EPC basic Latin character set of SEPA texts. */
const SEPA_TEXT_CHAR = /[A-Za-z0-9/\-?:().,'+ ]/;

/**
 * A text in the SEPA character set: umlauts ä→ae, ß→ss, other accents dropped (é→e), `&`→`+`,
 * `<>`→`()`, everything else outside the set → space; whitespace collapsed, cut to `max`.
 *
 * @example sepaText('Müller & Söhne <GmbH>', 70) // 'Mueller + Soehne (GmbH)'
 */
export function sepaText(value: string, max: number): string {
  let out = '';
  for (const ch of value) {
    if (SEPA_TEXT_CHAR.test(ch)) out += ch;
    else if (TRANSLIT[ch] !== undefined) out += TRANSLIT[ch];
    else {
      const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      out += base.length > 0 && [...base].every((c) => SEPA_TEXT_CHAR.test(c)) ? base : ' ';
    }
  }
  return out.replace(/\s+/g, ' ').trim().slice(0, max).trim();
}

/** An identifier (MsgId, PmtInfId, EndToEndId) as SEPA allows: `A-Za-z0-9+?/-:().,'`, no spaces, ≤ 35. */
export function sepaId(value: string): string {
  return sepaText(value, 200).replace(/ /g, '').slice(0, 35);
}

/** The most characters of a transaction's unstructured remittance information (Ustrd). */
export const REMITTANCE_MAX = 140;

/**
 * The remittance information of a transaction, in the SEPA character set and at most 140
 * characters. One receipt: its text, number and the student (`Beitrag 11/2026 Beleg 1001 Anna
 * Huber`). Several receipts of one mandate (one transaction): every number
 * (`Belege 1001, 1002 Anna Huber`); when they do not all fit, as many as fit in order and how
 * many more (`Belege 1001, 1002, 1003 und 17 weitere Anna Huber`), never a number cut off. The
 * full list of a transaction's receipts is in the database (sepa_debits.transaction_id).
 */
export function debitPurpose(receipts: readonly { rno: number; text: string }[], student: string): string {
  if (receipts.length === 1) return sepaText(`${receipts[0]!.text || 'Beitrag'} Beleg ${receipts[0]!.rno} ${student}`, REMITTANCE_MAX);
  const name = sepaText(student, 70);
  const room = REMITTANCE_MAX - (name ? name.length + 1 : 0);
  const numbers = receipts.map((r) => String(r.rno));
  for (let shown = numbers.length; shown >= 1; shown -= 1) {
    const more = numbers.length - shown;
    const list = `Belege ${numbers.slice(0, shown).join(', ')}${more > 0 ? ` und ${more} weitere` : ''}`;
    if (list.length <= room) return name ? `${list} ${name}` : list;
  }
  // Not even one number beside the name (unreachable with a 70-character name): the numbers only.
  return sepaText(`Belege ${numbers[0]} und ${numbers.length - 1} weitere`, REMITTANCE_MAX);
}

/** Mandate references the schemes take (ids without spaces, 1-35 characters). */
export const MANDATE_ID = /^[A-Za-z0-9+?/\-:().,']{1,35}$/;

/**
 * Cents as an exact decimal with two places: 123456 → '1234.56'. Integer arithmetic only.
 *
 * @example centsToDecimal(5) // '0.05'
 */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new Error(`not a cents amount: ${cents}`);
  const s = String(cents).padStart(3, '0');
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&apos;'));
}

const NAMESPACE: Record<AnyPainVersion, string> = {
  'pain.008.001.08': 'urn:iso:std:iso:20022:tech:xsd:pain.008.001.08',
  'pain.008.001.02': 'urn:iso:std:iso:20022:tech:xsd:pain.008.001.02',
  'pain.008.003.02': 'urn:iso:std:iso:20022:tech:xsd:pain.008.003.02',
};

/** A text element with transliterated, escaped content. */
const text = (tag: string, value: string, max: number) => `<${tag}>${escapeXml(sepaText(value, max) || 'NOTPROVIDED')}</${tag}>`;
const id = (tag: string, value: string) => `<${tag}>${escapeXml(sepaId(value))}</${tag}>`;

/** Financial institution: BICFI in .001.08, BIC in the older versions; without a BIC "NOTPROVIDED". */
function agent(version: AnyPainVersion, bic: string | null): string {
  if (!bic) return '<FinInstnId><Othr><Id>NOTPROVIDED</Id></Othr></FinInstnId>';
  const tag = version === 'pain.008.001.08' ? 'BICFI' : 'BIC';
  return `<FinInstnId><${tag}>${escapeXml(bic)}</${tag}></FinInstnId>`;
}

/** The whole pain.008 document of a run (UTF-8 text, no BOM). */
export function buildPain008(run: PainRun): string {
  const { version } = run;
  const groups: { seq: SequenceType; debits: PainDebit[] }[] = [];
  for (const seq of ['FRST', 'RCUR'] as const) {
    const debits = run.debits.filter((d) => d.sequenceType === seq);
    if (debits.length > 0) groups.push({ seq, debits });
  }
  const sum = (debits: PainDebit[]) => debits.reduce((total, d) => total + d.amount, 0);
  const currency = escapeXml(run.currency);
  const creDtTm = `${run.createdAt.slice(0, 19)}${version === 'pain.008.003.02' ? '' : 'Z'}`;
  const creditorScheme =
    `<CdtrSchmeId><Id><PrvtId><Othr>${id('Id', run.creditor.ci)}<SchmeNm><Prtry>SEPA</Prtry></SchmeNm></Othr></PrvtId></Id></CdtrSchmeId>`;
  const parts: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    `<Document xmlns="${NAMESPACE[version]}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">`,
    '<CstmrDrctDbtInitn><GrpHdr>',
    id('MsgId', run.messageId),
    `<CreDtTm>${creDtTm}</CreDtTm>`,
    `<NbOfTxs>${run.debits.length}</NbOfTxs>`,
    `<CtrlSum>${centsToDecimal(sum(run.debits))}</CtrlSum>`,
    `<InitgPty>${text('Nm', run.creditor.name, 70)}</InitgPty>`,
    '</GrpHdr>',
  ];
  for (const group of groups) {
    parts.push(
      '<PmtInf>',
      id('PmtInfId', `${run.messageId}-${group.seq}`),
      '<PmtMtd>DD</PmtMtd>',
      `<NbOfTxs>${group.debits.length}</NbOfTxs>`,
      `<CtrlSum>${centsToDecimal(sum(group.debits))}</CtrlSum>`,
      `<PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl><LclInstrm><Cd>CORE</Cd></LclInstrm><SeqTp>${group.seq}</SeqTp></PmtTpInf>`,
      `<ReqdColltnDt>${run.collectionDate}</ReqdColltnDt>`,
      `<Cdtr>${text('Nm', run.creditor.name, 70)}</Cdtr>`,
      `<CdtrAcct><Id><IBAN>${escapeXml(run.creditor.iban)}</IBAN></Id></CdtrAcct>`,
      `<CdtrAgt>${agent(version, run.creditor.bic)}</CdtrAgt>`,
      '<ChrgBr>SLEV</ChrgBr>',
      creditorScheme,
    );
    for (const debit of group.debits) {
      parts.push(
        '<DrctDbtTxInf><PmtId>',
        id('EndToEndId', debit.endToEndId),
        '</PmtId>',
        `<InstdAmt Ccy="${currency}">${centsToDecimal(debit.amount)}</InstdAmt>`,
        '<DrctDbtTx><MndtRltdInf>',
        id('MndtId', debit.mandateId),
        `<DtOfSgntr>${debit.mandateDate}</DtOfSgntr>`,
        '</MndtRltdInf></DrctDbtTx>',
        `<DbtrAgt>${agent(version, debit.debtorBic)}</DbtrAgt>`,
        `<Dbtr>${text('Nm', debit.debtorName, 70)}</Dbtr>`,
        `<DbtrAcct><Id><IBAN>${escapeXml(debit.debtorIban)}</IBAN></Id></DbtrAcct>`,
        `<RmtInf>${text('Ustrd', debit.purpose, 140)}</RmtInf>`,
        '</DrctDbtTxInf>',
      );
    }
    parts.push('</PmtInf>');
  }
  parts.push('</CstmrDrctDbtInitn></Document>\n');
  return parts.join('');
}
