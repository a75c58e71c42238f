import { createHash } from 'node:crypto';
import { SaxesParser } from 'saxes';
import { ERROR, MAX_AMOUNT_CENTS, normaliseIban, type BankNotBookedEntry } from 'shared-kernel/contracts';
import { HttpError } from '../../lib/http-error.js';

/**
 * Bank statements in ISO 20022 CAMT (camt.053 account statement, camt.054 debit/credit
 * notification; message versions .001.02 and .001.08 and the ones between, which name the
 * same elements). The XML is read in one streaming pass with saxes (parseCamt below), keeping
 * only the statements' elements; a statement never has a DOCTYPE, so a document declaring one
 * (where entity expansion bombs and external entities live) is refused before anything is
 * parsed: nothing is expanded and nothing is fetched. Amounts stay decimal
 * strings until they are turned into integer cents exactly (never through a float).
 */

/** One movement as the bank reports it: an entry, or one transaction of a batch booking. */
export interface CamtMovement {
  /** Stable key of the movement within its account: the bank's AcctSvcrRef, else its statement's identity and its position there. */
  entryKey: string;
  amount: number;
  credit: boolean;
  currency: string;
  bookingDate: string;
  valueDate: string | null;
  counterpartyName: string;
  counterpartyIban: string;
  mandateId: string | null;
  endToEndId: string | null;
  remittance: string;
  bankTxCode: string | null;
  /** ISO return reason (RtrInf/Rsn/Cd) of an R-transaction, e.g. AC04, MD06. */
  returnReason: string | null;
  /** Charges the bank took for this movement (cents, ≥ 0). */
  charges: number;
  /**
   * The creditor scheme id (SEPA creditor id) named with the creditor of a debit, when the
   * counterparty was taken from the creditor side: the import compares it with the account's
   * own creditor id (a return of our own collection names us as creditor, the member as debtor).
   */
  creditorSchemeId?: string | null;
  /** The debtor side of such a debit (the member of a returned collection of ours). */
  debtorParty?: { name: string; iban: string } | null;
}

/** An entry the bank reports but has not booked (status PDNG, INFO or FUTR): no movement is made of it; the import detail lists it as it is. */
export type CamtNotBookedEntry = BankNotBookedEntry;

export interface CamtStatement {
  /** Stmt/Id or Ntfctn/Id. */
  id: string;
  iban: string;
  currency: string | null;
  from: string | null;
  to: string | null;
  /** Opening (OPBD/PRCD) and closing (CLBD) booked balance in cents, signed; null when absent. */
  opening: number | null;
  closing: number | null;
  movements: CamtMovement[];
  /** Booked entries that move money (a batch booking counts once, however many movements it became). */
  bookedEntries: number;
  /** Entries with status pending, info or future: listed, not imported. */
  notBooked: CamtNotBookedEntry[];
}

export interface CamtDocument {
  /** 'camt.053.001.02', 'camt.054.001.08', ... */
  message: string;
  statements: CamtStatement[];
}

export const camtInvalid = () => new HttpError(400, { error: ERROR.camtInvalid });
/** 1000 naming the entry (statement id, position, bank reference) and why it cannot be read. */
const entryInvalid = (statement: string, position: number, ref: string | null, reason: string) =>
  new HttpError(400, { error: ERROR.camtInvalid, fields: { statement, entry: String(position), ...(ref ? { ref } : {}), reason } });
export const notXml = () => new HttpError(400, { error: ERROR.notXml });

/**
 * One element as the parser keeps it: local name (namespace prefix dropped), attributes,
 * trimmed text (entities and character references decoded) and child elements. Only the
 * elements of a statement are kept, and an entry's only until it became movements.
 */
interface Element {
  name: string;
  attributes: Record<string, string>;
  text: string;
  children: Element[];
}

const localName = (name: string) => {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
};

/** The first element along a path of child names below `node`. */
function child(node: Element | undefined, ...path: string[]): Element | undefined {
  let at = node;
  for (const name of path) {
    if (!at) return undefined;
    at = at.children.find((element) => element.name === name);
  }
  return at;
}

/** Every child of `node` named `name`. */
const childrenNamed = (node: Element | undefined, name: string): Element[] => node?.children.filter((element) => element.name === name) ?? [];

/** The text of the first element along a path below `node` ('' for an element without text); null when there is none. */
function text(node: Element | undefined, ...path: string[]): string | null {
  return child(node, ...path)?.text ?? null;
}

/** "1234.5" -> 123450 exactly; null when it is no plain non-negative decimal or has non-zero digits beyond cents. */
export function decimalToCents(value: string | null): number | null {
  if (value === null) return null;
  const match = /^(\d{1,13})(?:\.(\d{1,5}))?$/.exec(value.trim());
  if (!match) return null;
  const fraction = (match[2] ?? '').padEnd(5, '0');
  if (fraction.slice(2) !== '000') return null;
  return Number(match[1]) * 100 + Number(fraction.slice(0, 2));
}

/** Whether "YYYY-MM-DD" is a day of the calendar the database takes (not 2026-02-30, month 13 or year 0). */
function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * An ISO date (the date part of Dt or DtTm); null when there is none. A date that is no
 * calendar day makes the file invalid (1000): the database would refuse it mid-import, and
 * falling back to another date would book the movement on a day the bank did not say.
 */
function dateOf(node: Element | undefined): string | null {
  const value = text(node, 'Dt') ?? text(node, 'DtTm');
  const match = value ? /^(\d{4}-\d{2}-\d{2})/.exec(value) : null;
  if (!match) return null;
  if (!isCalendarDay(match[1]!)) throw camtInvalid();
  return match[1]!;
}

function signedBalance(balance: Element): number | null {
  const cents = decimalToCents(text(balance, 'Amt'));
  if (cents === null) return null;
  return text(balance, 'CdtDbtInd') === 'DBIT' ? -cents : cents;
}

function balanceOf(balances: Element[], codes: readonly string[]): number | null {
  for (const code of codes) {
    const found = balances.find((balance) => text(balance, 'Tp', 'CdOrPrtry', 'Cd') === code);
    if (found) return signedBalance(found);
  }
  return null;
}

function bankTxCode(node: Element | undefined): string | null {
  const domain = child(node, 'BkTxCd', 'Domn');
  if (domain) {
    const parts = [text(domain, 'Cd'), text(domain, 'Fmly', 'Cd'), text(domain, 'Fmly', 'SubFmlyCd')].filter(Boolean);
    if (parts.length) return parts.join('/');
  }
  return text(node, 'BkTxCd', 'Prtry', 'Cd');
}

function chargesOf(node: Element | undefined): number {
  let total = 0;
  for (const charges of childrenNamed(node, 'Chrgs')) {
    // .001.02: Chrgs is a list of {Amt, CdtDbtInd?}; .001.08: Chrgs {TtlChrgsAndTaxAmt?, Rcrd: [{Amt, ...}]}.
    const total08 = decimalToCents(text(charges, 'TtlChrgsAndTaxAmt'));
    const records = childrenNamed(charges, 'Rcrd');
    if (total08 !== null) total += total08;
    else if (records.length > 0) for (const record of records) total += decimalToCents(text(record, 'Amt')) ?? 0;
    else total += decimalToCents(text(charges, 'Amt')) ?? 0;
  }
  return total;
}

interface Party {
  name: string;
  iban: string;
}

function party(parties: Element | undefined, role: 'Dbtr' | 'Cdtr'): Party {
  return {
    // .001.08 wraps the party in Pty (Dbtr/Pty/Nm); .001.02 names it directly (Dbtr/Nm).
    name: text(parties, role, 'Pty', 'Nm') ?? text(parties, role, 'Nm') ?? '',
    iban: normaliseIban(text(parties, `${role}Acct`, 'Id', 'IBAN') ?? text(parties, `${role}Acct`, 'Id', 'Othr', 'Id') ?? ''),
  };
}

const hasParty = (value: Party) => value.name !== '' || value.iban !== '';

/** The SEPA creditor id a creditor party carries (Cdtr/Id/PrvtId/Othr/Id with scheme SEPA, in either version's nesting). */
function creditorSchemeId(parties: Element | undefined): string | null {
  const creditor = child(parties, 'Cdtr', 'Pty') ?? child(parties, 'Cdtr');
  for (const kind of ['PrvtId', 'OrgId']) {
    for (const other of childrenNamed(child(creditor, 'Id', kind), 'Othr')) {
      const id = text(other, 'Id');
      if (id && (text(other, 'SchmeNm', 'Prtry') ?? 'SEPA').toUpperCase() === 'SEPA') return id.replace(/\s+/g, '').toUpperCase();
    }
  }
  return null;
}

/**
 * Bank transaction sub-families of a returned or reversed payment (ISO external code list):
 * UPDD unpaid direct debit, PRDD reversal due to payment return, RPCR reversal due to a
 * cancellation request, RRTN / ARET returned credit transfer, RCDD reversal of a direct debit.
 */
const RETURN_SUBFAMILIES = new Set(['UPDD', 'PRDD', 'RPCR', 'RRTN', 'ARET', 'RCDD']);

/** Whether an entry or its transaction reports a return or reversal (RvslInd, return information or a return code). */
function isReturn(entry: Element, tx: Element | undefined): boolean {
  if (text(entry, 'RvslInd') === 'true' || child(tx, 'RtrInf')) return true;
  return [tx, entry].some((node) => RETURN_SUBFAMILIES.has(text(node, 'BkTxCd', 'Domn', 'Fmly', 'SubFmlyCd') ?? ''));
}

/**
 * The other party of a movement on our account `ownIban`. For a credit the payer (Dbtr), for a
 * debit the payee (Cdtr); but a return or reversal keeps the parties of the original payment:
 * a returned collection of ours is a debit naming the member as Dbtr and us as Cdtr, a returned
 * transfer of ours a credit naming us as Dbtr. So when the bank names our own account on the
 * usual side, or the entry is a return and the other side names someone else than us, the
 * other side is the counterparty. (Some banks name the member as Cdtr of a returned
 * collection and leave the Dbtr out: then the usual side stays.)
 */
function counterpartyOf(parties: Element | undefined, credit: boolean, ownIban: string, returned: boolean): { party: Party; swapped: boolean } {
  const usual = party(parties, credit ? 'Dbtr' : 'Cdtr');
  const other = party(parties, credit ? 'Cdtr' : 'Dbtr');
  const isOwn = (value: Party) => value.iban !== '' && value.iban === ownIban;
  if (hasParty(other) && !isOwn(other) && (isOwn(usual) || returned)) return { party: other, swapped: true };
  return { party: usual, swapped: false };
}

/**
 * The remittance texts of a transaction: the Ustrd lines joined, else the structured
 * information (creditor reference, referred document numbers such as invoice numbers, the
 * additional remittance text). Without any, the bank's own text of the transaction
 * (AddtlTxInf) or of the entry (AddtlNtryInf: "SEPA-Überweisung", a card payment's shop), as
 * statements without transaction details carry their only text there.
 */
function remittanceOf(entry: Element, transactions: Element[]): string {
  const lines: string[] = [];
  for (const tx of transactions) {
    const info = child(tx, 'RmtInf');
    const unstructured = childrenNamed(info, 'Ustrd');
    // "NOTPROVIDED" is what banks write where the payer gave no purpose: no text of the payment.
    for (const line of unstructured) if (line.text.toUpperCase() !== 'NOTPROVIDED') lines.push(line.text);
    if (unstructured.length === 0) {
      for (const structured of childrenNamed(info, 'Strd')) {
        lines.push(text(structured, 'CdtrRefInf', 'Ref') ?? '');
        for (const document of childrenNamed(structured, 'RfrdDocInf')) lines.push(text(document, 'Nb') ?? '');
        for (const additional of childrenNamed(structured, 'AddtlRmtInf')) lines.push(additional.text);
      }
    }
  }
  if (!lines.some(Boolean)) {
    for (const tx of transactions) lines.push(text(tx, 'AddtlTxInf') ?? '');
    if (!lines.some(Boolean)) lines.push(text(entry, 'AddtlNtryInf') ?? '');
  }
  return lines.filter(Boolean).join(' ').replace(/\s+/g, ' ').trim();
}

function transactionAmount(tx: Element): number | null {
  return decimalToCents(text(tx, 'AmtDtls', 'TxAmt', 'Amt') ?? text(tx, 'Amt'));
}

/** The fields of a movement from its entry and the transaction(s) it stands for. */
function movementOf(entry: Element, transactions: Element[], amount: number, credit: boolean, currency: string, ownIban: string, bookingDate: string): Omit<CamtMovement, 'entryKey'> {
  const first = transactions[0];
  const parties = child(first, 'RltdPties');
  const { party: counterparty, swapped } = counterpartyOf(parties, credit, ownIban, isReturn(entry, first));
  const returnReason = text(first, 'RtrInf', 'Rsn', 'Cd') ?? text(first, 'RtrInf', 'Rsn', 'Prtry');
  const charges = chargesOf(first) + (transactions.length <= 1 ? chargesOf(entry) : 0);
  // The charges of a return become a receipt of the student: no larger than any amount the product holds.
  if (charges > MAX_AMOUNT_CENTS) throw camtInvalid();
  // A debit whose counterparty is its creditor: the import checks whether that creditor is us (a return of our own collection).
  const debtor = !credit && !swapped ? party(parties, 'Dbtr') : null;
  return {
    amount,
    credit,
    currency,
    bookingDate,
    valueDate: dateOf(child(entry, 'ValDt')),
    counterpartyName: counterparty.name.slice(0, 200),
    counterpartyIban: counterparty.iban.slice(0, 34),
    mandateId: text(first, 'Refs', 'MndtId')?.slice(0, 35) ?? null,
    endToEndId: (() => {
      const e2e = text(first, 'Refs', 'EndToEndId');
      return e2e && e2e !== 'NOTPROVIDED' ? e2e.slice(0, 35) : null;
    })(),
    remittance: remittanceOf(entry, transactions).slice(0, 2000),
    bankTxCode: (first ? bankTxCode(first) : null) ?? bankTxCode(entry),
    returnReason: returnReason?.slice(0, 35) ?? null,
    charges,
    creditorSchemeId: debtor && hasParty(debtor) && debtor.iban !== ownIban ? creditorSchemeId(parties) : null,
    debtorParty: debtor && hasParty(debtor) && debtor.iban !== ownIban ? { name: debtor.name.slice(0, 200), iban: debtor.iban.slice(0, 34) } : null,
  };
}

/**
 * Longest bank reference kept as it is in an entry key. The schema allows 35 characters; a
 * longer one (a broken or hostile file) is keyed by its SHA-256, so the key stays within what
 * the unique index takes (a btree row of ~2.7 kB: beyond it the import failed with 500) and
 * the same reference still meets itself when a file comes again.
 */
const MAX_REF_IN_KEY = 140;
/**
 * A bank reference that names the entry. German banks fill AcctSvcrRef with "NONREF" when they
 * have none (and EndToEndId with "NOTPROVIDED"): keyed by that, every such entry after the
 * first was dropped as a duplicate.
 */
const bankReference = (ref: string | null): string | null => (ref && !/^(NONREF|NOTPROVIDED|NONE)$/i.test(ref) ? ref : null);

const refKey = (ref: string) => (ref.length <= MAX_REF_IN_KEY ? `r:${ref}` : `r#:${createHash('sha256').update(ref).digest('hex')}`);

/** Longest account id (IBAN, or Othr/Id: Max34Text); a longer one is no account of ours and would be echoed back in 1003. */
const MAX_ACCOUNT_ID = 34;

/** Entry statuses of what the bank has not booked (yet): pending, information only, future. */
const NOT_BOOKED = new Set(['PDNG', 'INFO', 'FUTR']);

/**
 * One statement (Stmt or Ntfctn) being read: its header elements (Id, Acct, Bal, FrToDt: they
 * come before the entries in every CAMT version) and the movements of the entries read so
 * far. Each entry is turned into movements as soon as its end tag is read, and its elements
 * are dropped; an entry met before the account (not schema-valid, but harmless) waits for the
 * statement's end.
 *
 * A movement is keyed by the bank's reference (AcctSvcrRef of the entry or transaction).
 * Without one, by the statement's identity (account, Id, sequence numbers, period) and the
 * entry's position in it: two identical payments (same amount, day and text) are two
 * movements, also when they come in two notifications, and the same statement imported
 * again (downloaded once more) meets its keys and writes nothing.
 */
class StatementReader {
  readonly header: Element;
  readonly movements: CamtMovement[] = [];
  readonly notBooked: CamtNotBookedEntry[] = [];
  bookedEntries = 0;
  private readonly waiting: { entry: Element; position: number }[] = [];
  /** Movements without a bank reference and their position ("3" or "3/2" for a batch's second transaction), keyed in finish(). */
  private readonly unkeyed: { movement: CamtMovement; position: string }[] = [];
  private entries = 0;
  private readonly notification: boolean;

  constructor(header: Element, notification: boolean) {
    this.header = header;
    this.notification = notification;
  }

  private get iban(): string {
    return normaliseIban(text(this.header, 'Acct', 'Id', 'IBAN') ?? text(this.header, 'Acct', 'Id', 'Othr', 'Id'));
  }

  private push(movement: Omit<CamtMovement, 'entryKey'>, bankRef: string | null, position: string): void {
    const keyed: CamtMovement = { ...movement, entryKey: bankRef ? refKey(bankRef) : '' };
    if (!bankRef) this.unkeyed.push({ movement: keyed, position });
    this.movements.push(keyed);
  }

  entry(entry: Element): void {
    this.entries += 1;
    if (this.waiting.length > 0 || !this.iban) this.waiting.push({ entry, position: this.entries });
    else this.read(entry, this.iban, this.entries);
  }

  /**
   * The day an entry without booking and value date is booked on: the statement's day when
   * its period (FrToDt) is one day (a daily statement books every entry that day); without a
   * period, the day of its opening and closing booked balance when both are of one day (as
   * central banks' daily statements report it), or a notification's creation day (a camt.054
   * reports an entry as it is booked). Null otherwise: in a statement over several days the
   * day cannot be known.
   */
  private statementDay(): string | null {
    const from = text(this.header, 'FrToDt', 'FrDtTm')?.slice(0, 10) ?? null;
    const to = text(this.header, 'FrToDt', 'ToDtTm')?.slice(0, 10) ?? null;
    if (from && to) return from === to && isCalendarDay(from) ? from : null;
    if (from || to) return null;
    const balances = childrenNamed(this.header, 'Bal');
    const balanceDay = (code: string) => {
      const balance = balances.find((candidate) => text(candidate, 'Tp', 'CdOrPrtry', 'Cd') === code);
      return balance ? dateOf(child(balance, 'Dt')) : null;
    };
    const opening = balanceDay('OPBD');
    if (opening && opening === balanceDay('CLBD')) return opening;
    if (!this.notification) return null;
    const created = text(this.header, 'CreDtTm')?.slice(0, 10) ?? null;
    return created && isCalendarDay(created) ? created : null;
  }

  private read(entry: Element, iban: string, position: number): void {
    const amount = decimalToCents(text(entry, 'Amt'));
    const indicator = text(entry, 'CdtDbtInd');
    const ccy = child(entry, 'Amt')?.attributes.Ccy ?? text(this.header, 'Acct', 'Ccy');
    if (amount === null || (indicator !== 'CRDT' && indicator !== 'DBIT') || !ccy || !/^[A-Z]{3}$/.test(ccy)) throw camtInvalid();
    // No money of the product is larger (every form caps at MAX_AMOUNT_CENTS): such an entry
    // would become a payment, income or charges receipt that nothing else could hold.
    if (amount > MAX_AMOUNT_CENTS) throw camtInvalid();
    const credit = indicator === 'CRDT';
    const entryRef = bankReference(text(entry, 'AcctSvcrRef'));
    // .001.02 names the status directly (Sts), .001.08 as a code (Sts/Cd); no status is a booked entry.
    const status = (text(entry, 'Sts', 'Cd') || text(entry, 'Sts') || 'BOOK').toUpperCase();
    const entryDate = dateOf(child(entry, 'BookgDt')) ?? dateOf(child(entry, 'ValDt'));
    if (NOT_BOOKED.has(status)) {
      // Not booked (yet): no money moved. It is listed in the import's detail; the statement that books it brings it again.
      if (amount > 0) this.notBooked.push({ position, ref: entryRef ?? text(entry, 'NtryRef'), status, amount, credit, date: entryDate });
      return;
    }
    if (amount <= 0) return; // a zero entry (a notice) moves no money
    const bookingDate = entryDate ?? this.statementDay();
    if (!bookingDate) throw entryInvalid(text(this.header, 'Id') ?? '', position, entryRef ?? text(entry, 'NtryRef'), 'no_date');
    this.bookedEntries += 1;
    const transactions = childrenNamed(entry, 'NtryDtls').flatMap((details) => childrenNamed(details, 'TxDtls'));
    const amounts = transactions.map(transactionAmount);
    // A batch booking is split into its transactions when each names its own amount and they
    // add up to the entry; otherwise (no details, one transaction, amounts missing) the entry is one movement.
    const splittable = transactions.length > 1 && amounts.every((value) => value !== null && value > 0)
      && amounts.reduce<number>((sum, value) => sum + (value ?? 0), 0) === amount;
    if (splittable) {
      transactions.forEach((tx, index) => {
        const txRef = bankReference(text(tx, 'Refs', 'AcctSvcrRef'));
        const ref = txRef ?? (entryRef ? `${entryRef}/${index + 1}` : null);
        this.push(movementOf(entry, [tx], amounts[index]!, credit, ccy, iban, bookingDate), ref, `${position}/${index + 1}`);
      });
    } else {
      this.push(movementOf(entry, transactions, amount, credit, ccy, iban, bookingDate), entryRef, String(position));
    }
  }

  finish(): CamtStatement {
    const id = text(this.header, 'Id');
    const iban = this.iban;
    if (!id || !iban || iban.length > MAX_ACCOUNT_ID) throw camtInvalid();
    for (const { entry, position } of this.waiting.splice(0)) this.read(entry, iban, position);
    const from = text(this.header, 'FrToDt', 'FrDtTm')?.slice(0, 10) ?? null;
    const to = text(this.header, 'FrToDt', 'ToDtTm')?.slice(0, 10) ?? null;
    // The statement's identity: what stays the same when the bank delivers it again.
    const identity = createHash('sha256')
      .update(JSON.stringify([iban, id, text(this.header, 'ElctrncSeqNb'), text(this.header, 'LglSeqNb'), from, to]))
      .digest('hex')
      .slice(0, 40);
    for (const { movement, position } of this.unkeyed.splice(0)) movement.entryKey = `p:${identity}:${position}`;
    const balances = childrenNamed(this.header, 'Bal');
    return {
      id: id.slice(0, 140),
      iban,
      currency: text(this.header, 'Acct', 'Ccy'),
      from: from && isCalendarDay(from) ? from : null,
      to: to && isCalendarDay(to) ? to : null,
      opening: balanceOf(balances, ['OPBD', 'PRCD']),
      closing: balanceOf(balances, ['CLBD']),
      movements: this.movements,
      bookedEntries: this.bookedEntries,
      notBooked: this.notBooked,
    };
  }
}

/** Whether the bytes look like XML at all (else 1001): a '<' first, after a BOM and white space. */
function looksLikeXml(data: Buffer): boolean {
  let at = data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf ? 3 : 0;
  while (at < data.length && (data[at] === 0x20 || data[at] === 0x0a || data[at] === 0x0d || data[at] === 0x09)) at += 1;
  return data[at] === 0x3c;
}

const CAMT_NAMESPACE = /^urn:iso:std:iso:20022:tech:xsd:(camt\.\d{3}\.\d{3}\.\d{2})$/;
/** The messages the product reads: camt.053 and camt.054 in versions .001.02 to .001.08 (the ones whose elements it knows). */
const SUPPORTED = /^camt\.05[34]\.001\.0[2-8]$/;
/** 400 {error: 104} naming a CAMT message or version the product does not read (camt.052, camt.053.001.09 and later, ...). */
const versionUnsupported = (version: string) => new HttpError(400, { error: ERROR.camtVersionUnsupported, fields: { version } });
const BODIES = new Set(['BkToCstmrStmt', 'BkToCstmrDbtCdtNtfctn']);
const STATEMENTS = new Set(['Stmt', 'Ntfctn']);

/**
 * Parses one CAMT document in one streaming pass (saxes: a strict, non-validating XML
 * parser that knows only the five predefined entities and character references, and never
 * reads a DTD's declarations nor fetches anything). 1001 when it is not XML; 1000 when it is
 * no well-formed XML, has a DOCTYPE (entity declarations: bombs, external entities), or is no
 * camt.053/.054. Elements are kept only inside a statement, an entry's only until it is read.
 */
export function parseCamt(data: Buffer): CamtDocument {
  if (data.length === 0 || data.includes(0) || !looksLikeXml(data)) throw notXml();
  let xml: string;
  try {
    xml = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw notXml();
  }
  // Refused before any parsing: a statement has no document type, and entity declarations
  // are what XML bombs and external entities (file:///etc/passwd) need.
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw camtInvalid();

  let message: string | undefined;
  const statements: CamtStatement[] = [];
  // The open elements by depth: their local names, and the kept element (inside a statement) or null.
  const names: string[] = [];
  const kept: (Element | null)[] = [];
  let reader: StatementReader | null = null;
  const parser = new SaxesParser<{ xmlns: false; position: false }>({ xmlns: false, position: false });
  parser.on('error', () => {
    throw camtInvalid();
  });
  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    const depth = names.length;
    if (message === undefined) {
      // The message is named by a namespace declaration (xmlns or xmlns:prefix) of the document.
      for (const attribute in tag.attributes) {
        if (attribute === 'xmlns' || attribute.startsWith('xmlns:')) message = CAMT_NAMESPACE.exec(tag.attributes[attribute]!)?.[1] ?? message;
      }
      // Another CAMT message or a version whose elements the product does not know: named, not read half.
      if (message !== undefined && !SUPPORTED.test(message)) throw versionUnsupported(message);
    }
    let element: Element | null = null;
    if (reader) {
      const parent = kept[depth - 1];
      element = { name, attributes: tag.attributes, text: '', children: [] };
      // Entries stay out of the statement's header: they are read (and dropped) at their end tag.
      if (parent && !(parent === reader.header && name === 'Ntry')) parent.children.push(element);
    } else if (depth === 2 && STATEMENTS.has(name) && names[0] === 'Document' && BODIES.has(names[1]!)) {
      element = { name, attributes: tag.attributes, text: '', children: [] };
      reader = new StatementReader(element, name === 'Ntfctn');
    }
    names.push(name);
    kept.push(element);
  });
  const onText = (value: string) => {
    const element = kept[kept.length - 1];
    if (element) element.text += value;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    const element = kept.pop();
    const name = names.pop();
    if (!element || !reader) return;
    element.text = element.text.trim();
    if (element === reader.header) {
      statements.push(reader.finish());
      reader = null;
    } else if (name === 'Ntry' && kept[kept.length - 1] === reader.header) {
      reader.entry(element);
    }
  });
  try {
    parser.write(xml).close();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw camtInvalid();
  }
  if (!message || statements.length === 0) throw camtInvalid();
  return { message, statements };
}
