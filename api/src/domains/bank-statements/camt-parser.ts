import { createHash } from 'node:crypto';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ERROR } from 'shared-kernel/contracts';
import { HttpError } from '../../lib/http-error.js';

/**
 * Bank statements in ISO 20022 CAMT (camt.053 account statement, camt.054 debit/credit
 * notification; message versions .001.02 and .001.08 and the ones between, which name the
 * same elements). The XML is read with fast-xml-parser; a statement never has a DOCTYPE, so a
 * document declaring one (where entity expansion bombs and external entities live) is refused
 * before anything is parsed: nothing is expanded and nothing is fetched. Amounts stay decimal
 * strings until they are turned into integer cents exactly (never through a float).
 */

/** One movement as the bank reports it: an entry, or one transaction of a batch booking. */
export interface CamtMovement {
  /** Stable key of the movement within its account: AcctSvcrRef, else a hash of its fields. */
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
}

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
}

export interface CamtDocument {
  /** 'camt.053.001.02', 'camt.054.001.08', ... */
  message: string;
  statements: CamtStatement[];
}

export const camtInvalid = () => new HttpError(400, { error: ERROR.camtInvalid });
export const notXml = () => new HttpError(400, { error: ERROR.notXml });

const ALWAYS_ARRAYS = new Set(['Stmt', 'Ntfctn', 'Rpt', 'Bal', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd', 'Rcrd', 'Chrgs']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  // Values stay strings: "8.10" must not become 8.1 nor a float.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // The five XML entities and character references (&#228;) are decoded; declared entities
  // cannot occur (a DOCTYPE is refused before parsing).
  processEntities: true,
  htmlEntities: true,
  isArray: (name) => ALWAYS_ARRAYS.has(name),
});

type Node = Record<string, unknown>;

const asNode = (value: unknown): Node | undefined => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : undefined);
const asList = (value: unknown): Node[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]).map(asNode).filter((v): v is Node => !!v);

/** The text of a path of element names below `node` ('#text' of an element with attributes). */
function text(node: unknown, ...path: string[]): string | null {
  let at: unknown = node;
  for (const name of path) {
    if (Array.isArray(at)) at = at[0];
    at = asNode(at)?.[name];
    if (at === undefined) return null;
  }
  if (Array.isArray(at)) at = at[0];
  if (typeof at === 'string') return at;
  const inner = asNode(at)?.['#text'];
  return typeof inner === 'string' ? inner : at !== undefined && asNode(at) ? '' : null;
}

const child = (node: unknown, ...path: string[]): Node | undefined => {
  let at: unknown = node;
  for (const name of path) {
    if (Array.isArray(at)) at = at[0];
    at = asNode(at)?.[name];
  }
  return asNode(Array.isArray(at) ? at[0] : at);
};

/** "1234.5" -> 123450 exactly; null when it is no plain non-negative decimal or has non-zero digits beyond cents. */
export function decimalToCents(value: string | null): number | null {
  if (value === null) return null;
  const match = /^(\d{1,13})(?:\.(\d{1,5}))?$/.exec(value.trim());
  if (!match) return null;
  const fraction = (match[2] ?? '').padEnd(5, '0');
  if (fraction.slice(2) !== '000') return null;
  return Number(match[1]) * 100 + Number(fraction.slice(0, 2));
}

/** An ISO date (the date part of Dt or DtTm). */
function dateOf(node: unknown): string | null {
  const value = text(node, 'Dt') ?? text(node, 'DtTm');
  const match = value ? /^(\d{4}-\d{2}-\d{2})/.exec(value) : null;
  return match ? match[1]! : null;
}

function signedBalance(balance: Node): number | null {
  const cents = decimalToCents(text(balance, 'Amt'));
  if (cents === null) return null;
  return text(balance, 'CdtDbtInd') === 'DBIT' ? -cents : cents;
}

function balanceOf(balances: Node[], codes: readonly string[]): number | null {
  for (const code of codes) {
    const found = balances.find((balance) => text(balance, 'Tp', 'CdOrPrtry', 'Cd') === code);
    if (found) return signedBalance(found);
  }
  return null;
}

function bankTxCode(node: unknown): string | null {
  const domain = child(node, 'BkTxCd', 'Domn');
  if (domain) {
    const parts = [text(domain, 'Cd'), text(domain, 'Fmly', 'Cd'), text(domain, 'Fmly', 'SubFmlyCd')].filter(Boolean);
    if (parts.length) return parts.join('/');
  }
  return text(node, 'BkTxCd', 'Prtry', 'Cd');
}

function chargesOf(node: unknown): number {
  let total = 0;
  for (const charges of asList(asNode(node)?.Chrgs)) {
    // .001.02: Chrgs is a list of {Amt, CdtDbtInd?}; .001.08: Chrgs {TtlChrgsAndTaxAmt?, Rcrd: [{Amt, ...}]}.
    const total08 = decimalToCents(text(charges, 'TtlChrgsAndTaxAmt'));
    if (total08 !== null) total += total08;
    else if (charges.Rcrd !== undefined) for (const record of asList(charges.Rcrd)) total += decimalToCents(text(record, 'Amt')) ?? 0;
    else total += decimalToCents(text(charges, 'Amt')) ?? 0;
  }
  return total;
}

const party = (parties: Node | undefined, role: 'Dbtr' | 'Cdtr') => ({
  // .001.08 wraps the party in Pty (Dbtr/Pty/Nm); .001.02 names it directly (Dbtr/Nm).
  name: text(parties, role, 'Pty', 'Nm') ?? text(parties, role, 'Nm') ?? '',
  iban: text(parties, `${role}Acct`, 'Id', 'IBAN') ?? text(parties, `${role}Acct`, 'Id', 'Othr', 'Id') ?? '',
});

/** The remittance texts of a transaction: the Ustrd lines joined, else the structured creditor references. */
function remittanceOf(transactions: Node[]): string {
  const lines: string[] = [];
  for (const tx of transactions) {
    const info = child(tx, 'RmtInf');
    const unstructured = Array.isArray(info?.Ustrd) ? info.Ustrd : [];
    for (const line of unstructured) lines.push(typeof line === 'string' ? line : (text({ line }, 'line') ?? ''));
    if (unstructured.length === 0) {
      for (const structured of asList(info?.Strd)) {
        const ref = text(structured, 'CdtrRefInf', 'Ref');
        if (ref) lines.push(ref);
      }
    }
  }
  return lines.filter(Boolean).join(' ').replace(/\s+/g, ' ').trim();
}

function transactionAmount(tx: Node): number | null {
  return decimalToCents(text(tx, 'AmtDtls', 'TxAmt', 'Amt') ?? text(tx, 'Amt'));
}

/** The fields of a movement from its entry and the transaction(s) it stands for. */
function movementOf(entry: Node, transactions: Node[], amount: number, credit: boolean, currency: string): Omit<CamtMovement, 'entryKey'> {
  const first = transactions[0];
  const parties = child(first, 'RltdPties');
  const counterparty = party(parties, credit ? 'Dbtr' : 'Cdtr');
  const returnReason = text(first, 'RtrInf', 'Rsn', 'Cd') ?? text(first, 'RtrInf', 'Rsn', 'Prtry');
  return {
    amount,
    credit,
    currency,
    bookingDate: dateOf(entry.BookgDt) ?? dateOf(entry.ValDt) ?? '',
    valueDate: dateOf(entry.ValDt),
    counterpartyName: counterparty.name.slice(0, 200),
    counterpartyIban: counterparty.iban.replace(/\s+/g, '').toUpperCase().slice(0, 34),
    mandateId: text(first, 'Refs', 'MndtId')?.slice(0, 35) ?? null,
    endToEndId: (() => {
      const e2e = text(first, 'Refs', 'EndToEndId');
      return e2e && e2e !== 'NOTPROVIDED' ? e2e.slice(0, 35) : null;
    })(),
    remittance: remittanceOf(transactions).slice(0, 2000),
    bankTxCode: (first ? bankTxCode(first) : null) ?? bankTxCode(entry),
    returnReason: returnReason?.slice(0, 35) ?? null,
    charges: chargesOf(first) + (transactions.length <= 1 ? chargesOf(entry) : 0),
  };
}

function hashKey(iban: string, movement: Omit<CamtMovement, 'entryKey'>, occurrence: number): string {
  const fields = [iban, movement.bookingDate, movement.valueDate, movement.amount, movement.credit, movement.currency, movement.counterpartyIban,
    movement.counterpartyName, movement.endToEndId, movement.mandateId, movement.remittance, movement.bankTxCode, movement.returnReason, occurrence];
  return `h:${createHash('sha256').update(JSON.stringify(fields)).digest('hex').slice(0, 40)}`;
}

function parseStatement(statement: Node): CamtStatement {
  const id = text(statement, 'Id');
  const iban = (text(statement, 'Acct', 'Id', 'IBAN') ?? text(statement, 'Acct', 'Id', 'Othr', 'Id') ?? '').replace(/\s+/g, '').toUpperCase();
  if (!id || !iban) throw camtInvalid();
  const balances = asList(statement.Bal);
  const movements: CamtMovement[] = [];
  // Identical entries without a bank reference (two equal transfers on one day) differ by their occurrence.
  const seen = new Map<string, number>();
  const keyed = (movement: Omit<CamtMovement, 'entryKey'>, bankRef: string | null): CamtMovement => {
    if (bankRef) return { ...movement, entryKey: `r:${bankRef}` };
    const base = hashKey(iban, movement, 0);
    const occurrence = seen.get(base) ?? 0;
    seen.set(base, occurrence + 1);
    return { ...movement, entryKey: occurrence === 0 ? base : hashKey(iban, movement, occurrence) };
  };
  for (const entry of asList(statement.Ntry)) {
    const amount = decimalToCents(text(entry, 'Amt'));
    const indicator = text(entry, 'CdtDbtInd');
    const currency = asNode(child(entry, 'Amt'))?.['@Ccy'];
    const ccy = typeof currency === 'string' ? currency : text(statement, 'Acct', 'Ccy');
    if (amount === null || (indicator !== 'CRDT' && indicator !== 'DBIT') || !ccy || !/^[A-Z]{3}$/.test(ccy)) throw camtInvalid();
    const credit = indicator === 'CRDT';
    // A reversal (RvslInd true) turns the entry's direction around (a returned credit shows as a debit already in practice).
    if (!dateOf(entry.BookgDt) && !dateOf(entry.ValDt)) throw camtInvalid();
    const transactions = asList(entry.NtryDtls).flatMap((details) => asList(details.TxDtls));
    const entryRef = text(entry, 'AcctSvcrRef');
    const amounts = transactions.map(transactionAmount);
    // A batch booking is split into its transactions when each names its own amount and they
    // add up to the entry; otherwise (no details, one transaction, amounts missing) the entry is one movement.
    const splittable = transactions.length > 1 && amounts.every((value) => value !== null && value > 0)
      && amounts.reduce<number>((sum, value) => sum + (value ?? 0), 0) === amount;
    if (amount <= 0) continue; // a zero entry (a notice) moves no money
    if (splittable) {
      transactions.forEach((tx, index) => {
        const txRef = text(tx, 'Refs', 'AcctSvcrRef');
        const ref = txRef ?? (entryRef ? `${entryRef}/${index + 1}` : null);
        movements.push(keyed(movementOf(entry, [tx], amounts[index]!, credit, ccy), ref));
      });
    } else {
      movements.push(keyed(movementOf(entry, transactions, amount, credit, ccy), entryRef));
    }
  }
  const from = text(statement, 'FrToDt', 'FrDtTm')?.slice(0, 10) ?? null;
  const to = text(statement, 'FrToDt', 'ToDtTm')?.slice(0, 10) ?? null;
  return {
    id: id.slice(0, 140),
    iban,
    currency: text(statement, 'Acct', 'Ccy'),
    from: from && /^\d{4}-\d{2}-\d{2}$/.test(from) ? from : null,
    to: to && /^\d{4}-\d{2}-\d{2}$/.test(to) ? to : null,
    opening: balanceOf(balances, ['OPBD', 'PRCD']),
    closing: balanceOf(balances, ['CLBD']),
    movements,
  };
}

/** Whether the bytes look like XML at all (else 1001): a '<' first, after a BOM and white space. */
function looksLikeXml(data: Buffer): boolean {
  let at = data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf ? 3 : 0;
  while (at < data.length && (data[at] === 0x20 || data[at] === 0x0a || data[at] === 0x0d || data[at] === 0x09)) at += 1;
  return data[at] === 0x3c;
}

/**
 * Parses one CAMT document. 1001 when it is not XML; 1000 when it is no well-formed XML, has
 * a DOCTYPE (entity declarations: bombs, external entities), or is no camt.053/.054.
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
  if (XMLValidator.validate(xml) !== true) throw camtInvalid();
  let root: Node;
  try {
    root = parser.parse(xml) as Node;
  } catch {
    throw camtInvalid();
  }
  const document = asNode(root.Document);
  if (!document) throw camtInvalid();
  // The parser drops namespace declarations (removeNSPrefix); the message is named by the document's namespace.
  const message = /xmlns(?::[A-Za-z0-9_.-]+)?\s*=\s*["']urn:iso:std:iso:20022:tech:xsd:(camt\.05[34]\.001\.\d{2})["']/.exec(xml)?.[1];
  const body = asNode(document.BkToCstmrStmt) ?? asNode(document.BkToCstmrDbtCdtNtfctn);
  if (!message || !body) throw camtInvalid();
  const statements = [...asList(body.Stmt), ...asList(body.Ntfctn)].map(parseStatement);
  if (statements.length === 0) throw camtInvalid();
  return { message, statements };
}
