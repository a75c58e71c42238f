/**
 * Builds CAMT statements for tests (API and browser): a camt.053 (account statement) or
 * camt.054 (notification) in message version .001.02 or .001.08 with the given entries, so a
 * test can import exactly what it needs: transfers, a batch booking, a direct-debit run's
 * collection, an R-transaction with its return reason and the bank's charges.
 */

export interface CamtTestTransaction {
  /** Cents; when absent the transaction carries no amount of its own. */
  amount?: number;
  endToEndId?: string;
  mandateId?: string;
  name?: string;
  iban?: string;
  /** Unstructured remittance lines (escaped here: pass plain text). */
  purpose?: string[];
  /** R-transaction: ISO return reason (AC04, MD06, ...). */
  returnReason?: string;
  /** Charges of the bank in cents. */
  charges?: number;
  accountServicerRef?: string;
  /**
   * Where the counterparty (name, iban) stands: by default the debtor of a credit and the
   * creditor of a debit, but the debtor of a returned debit (returnReason): a bank reports a
   * return with the parties of the original collection (member Dbtr, us Cdtr).
   */
  counterpartyRole?: 'Dbtr' | 'Cdtr';
  /** Our own side of the transaction (the other role), as banks name it: name, IBAN, creditor id. */
  own?: { name: string; iban?: string; creditorId?: string };
}

export interface CamtTestEntry {
  amount: number;
  credit: boolean;
  bookingDate: string;
  valueDate?: string;
  accountServicerRef?: string;
  currency?: string;
  /** Domain/family/sub-family, e.g. ['PMNT', 'RDDT', 'ESCT']. */
  bankTxCode?: [string, string, string];
  transactions?: CamtTestTransaction[];
  /** Entry status (default BOOK). */
  status?: 'BOOK' | 'PDNG' | 'INFO' | 'FUTR';
  /** RvslInd true: the entry reverses an earlier one (a returned collection). */
  reversal?: boolean;
  /** Leaves out BookgDt and ValDt (bookingDate is then only used for the statement's period default). */
  noDates?: boolean;
  /** NtryRef of the entry. */
  entryRef?: string;
}

export interface CamtTestStatement {
  id: string;
  iban: string;
  currency?: string;
  from?: string;
  to?: string;
  opening?: number;
  closing?: number;
  /** ElctrncSeqNb of the statement. */
  sequence?: number;
  /** Leaves out FrToDt. */
  noPeriod?: boolean;
  /** CreDtTm of the statement (default `{to}T18:00:00+01:00`). */
  created?: string;
  entries: CamtTestEntry[];
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** Cents as the exact decimal CAMT carries ("12.30"). */
export const centsToDecimal = (cents: number) => `${Math.trunc(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

function partyXml(role: 'Dbtr' | 'Cdtr', v8: boolean, name?: string, creditorId?: string): string {
  if (!name) return '';
  const id = creditorId ? `<Id><PrvtId><Othr><Id>${escapeXml(creditorId)}</Id><SchmeNm><Prtry>SEPA</Prtry></SchmeNm></Othr></PrvtId></Id>` : '';
  const inner = `<Nm>${escapeXml(name)}</Nm>${id}`;
  return v8 ? `<${role}><Pty>${inner}</Pty></${role}>` : `<${role}>${inner}</${role}>`;
}

const accountXml = (role: 'Dbtr' | 'Cdtr', iban?: string) => (iban ? `<${role}Acct><Id><IBAN>${iban}</IBAN></Id></${role}Acct>` : '');

function transactionXml(tx: CamtTestTransaction, credit: boolean, currency: string, v8: boolean): string {
  const partyRole = tx.counterpartyRole ?? (credit || tx.returnReason ? 'Dbtr' : 'Cdtr');
  const ownRole = partyRole === 'Dbtr' ? 'Cdtr' : 'Dbtr';
  // The schema's order: Dbtr, DbtrAcct, ..., Cdtr, CdtrAcct.
  const sides = {
    [partyRole]: partyXml(partyRole, v8, tx.name) + accountXml(partyRole, tx.iban),
    [ownRole]: partyXml(ownRole, v8, tx.own?.name, tx.own?.creditorId) + accountXml(ownRole, tx.own?.iban),
  } as Record<'Dbtr' | 'Cdtr', string>;
  const amount = tx.amount !== undefined ? `<AmtDtls><TxAmt><Amt Ccy="${currency}">${centsToDecimal(tx.amount)}</Amt></TxAmt></AmtDtls>` : '';
  const charges = tx.charges ? (v8
    ? `<Chrgs><TtlChrgsAndTaxAmt Ccy="${currency}">${centsToDecimal(tx.charges)}</TtlChrgsAndTaxAmt><Rcrd><Amt Ccy="${currency}">${centsToDecimal(tx.charges)}</Amt></Rcrd></Chrgs>`
    : `<Chrgs><Amt Ccy="${currency}">${centsToDecimal(tx.charges)}</Amt></Chrgs>`) : '';
  return `<TxDtls>
    <Refs>${tx.accountServicerRef ? `<AcctSvcrRef>${escapeXml(tx.accountServicerRef)}</AcctSvcrRef>` : ''}<EndToEndId>${escapeXml(tx.endToEndId ?? 'NOTPROVIDED')}</EndToEndId>${tx.mandateId ? `<MndtId>${escapeXml(tx.mandateId)}</MndtId>` : ''}</Refs>
    ${amount}${charges}
    <RltdPties>${sides.Dbtr}${sides.Cdtr}</RltdPties>
    ${tx.purpose?.length ? `<RmtInf>${tx.purpose.map((line) => `<Ustrd>${escapeXml(line)}</Ustrd>`).join('')}</RmtInf>` : ''}
    ${tx.returnReason ? `<RtrInf><Rsn><Cd>${tx.returnReason}</Cd></Rsn></RtrInf>` : ''}
  </TxDtls>`;
}

function balanceXml(code: string, cents: number, currency: string, date: string): string {
  return `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="${currency}">${centsToDecimal(cents)}</Amt><CdtDbtInd>${cents < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd><Dt><Dt>${date}</Dt></Dt></Bal>`;
}

/** A CAMT document: kind '053' (statements) or '054' (notifications), version '02' or '08'. */
export function buildCamt(statements: CamtTestStatement[], options: { kind?: '053' | '054'; version?: '02' | '08' } = {}): string {
  const kind = options.kind ?? '053';
  const version = options.version ?? '02';
  const v8 = version === '08';
  const body = kind === '053' ? 'BkToCstmrStmt' : 'BkToCstmrDbtCdtNtfctn';
  const element = kind === '053' ? 'Stmt' : 'Ntfctn';
  const parts = statements.map((statement) => {
    const currency = statement.currency ?? 'EUR';
    const from = statement.from ?? statement.entries[0]?.bookingDate ?? '2026-11-02';
    const to = statement.to ?? from;
    const balances = kind === '053'
      ? `${statement.opening !== undefined ? balanceXml('OPBD', statement.opening, currency, from) : ''}${statement.closing !== undefined ? balanceXml('CLBD', statement.closing, currency, to) : ''}`
      : '';
    const entries = statement.entries.map((entry) => {
      const ccy = entry.currency ?? currency;
      const code = entry.bankTxCode ?? ['PMNT', entry.credit ? 'RCDT' : 'ICDT', entry.credit ? 'ESCT' : 'ESCT'];
      return `<Ntry>
    ${entry.entryRef ? `<NtryRef>${escapeXml(entry.entryRef)}</NtryRef>` : ''}
    <Amt Ccy="${ccy}">${centsToDecimal(entry.amount)}</Amt>
    <CdtDbtInd>${entry.credit ? 'CRDT' : 'DBIT'}</CdtDbtInd>
    ${entry.reversal ? '<RvslInd>true</RvslInd>' : ''}
    <Sts>${v8 ? `<Cd>${entry.status ?? 'BOOK'}</Cd>` : (entry.status ?? 'BOOK')}</Sts>
    ${entry.noDates ? '' : `<BookgDt><Dt>${entry.bookingDate}</Dt></BookgDt>
    <ValDt><Dt>${entry.valueDate ?? entry.bookingDate}</Dt></ValDt>`}
    ${entry.accountServicerRef ? `<AcctSvcrRef>${escapeXml(entry.accountServicerRef)}</AcctSvcrRef>` : ''}
    <BkTxCd><Domn><Cd>${code[0]}</Cd><Fmly><Cd>${code[1]}</Cd><SubFmlyCd>${code[2]}</SubFmlyCd></Fmly></Domn></BkTxCd>
    ${entry.transactions?.length ? `<NtryDtls>${entry.transactions.length > 1 ? `<Btch><NbOfTxs>${entry.transactions.length}</NbOfTxs></Btch>` : ''}${entry.transactions.map((tx) => transactionXml(tx, entry.credit, ccy, v8)).join('\n')}</NtryDtls>` : ''}
  </Ntry>`;
    });
    return `<${element}>
  <Id>${escapeXml(statement.id)}</Id>
  ${statement.sequence !== undefined ? `<ElctrncSeqNb>${statement.sequence}</ElctrncSeqNb>` : ''}
  <CreDtTm>${statement.created ?? `${to}T18:00:00+01:00`}</CreDtTm>
  ${statement.noPeriod ? '' : `<FrToDt><FrDtTm>${from}T00:00:00+01:00</FrDtTm><ToDtTm>${to}T23:59:59+01:00</ToDtTm></FrToDt>`}
  <Acct><Id><IBAN>${statement.iban}</IBAN></Id><Ccy>${currency}</Ccy></Acct>
  ${balances}
  ${entries.join('\n')}
</${element}>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.${kind}.001.${version}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<${body}>
<GrpHdr><MsgId>TEST-${statements[0]?.id ?? 'EMPTY'}</MsgId><CreDtTm>2026-11-28T06:00:00+01:00</CreDtTm></GrpHdr>
${parts.join('\n')}
</${body}>
</Document>
`;
}

/** A transaction of a run as sepa_transactions holds it (the columns a statement of its collection needs). */
export interface RunDebit {
  end_to_end_id: string;
  mandate_id: string;
  amount: number;
  debtor_name: string;
  debtor_iban: string;
}

/** How the bank answers a run: the collection's booking date, the debits it returned, the refs' prefix. */
export interface RunStatementOptions {
  collectionDate: string;
  returned?: { endToEndId: string; reason: string; charges: number; date: string }[];
  /** Prefix of the entries' account-servicer references (unique per statement). */
  id?: string;
}

/**
 * The entries a bank books for a direct-debit run on the creditor account: one batch credit of
 * all collected debits (each transaction with its own amount, end-to-end id and mandate, as
 * banks report a run), and for each of `returned` an R-transaction (a debit entry with the
 * return reason and the bank's charges). For a statement that carries more (a browser test adds
 * a transfer): `buildCamt([{ ..., entries: [...debitRunEntries(debits, options), transfer] }])`.
 */
export function debitRunEntries(debits: readonly RunDebit[], options: RunStatementOptions): CamtTestEntry[] {
  const total = debits.reduce((sum, debit) => sum + debit.amount, 0);
  const entries: CamtTestEntry[] = [{
    amount: total, credit: true, bookingDate: options.collectionDate, accountServicerRef: `${options.id ?? 'RUN'}-COLLECTION`,
    bankTxCode: ['PMNT', 'RDDT', 'ESDD'],
    transactions: debits.map((debit) => ({
      amount: debit.amount, endToEndId: debit.end_to_end_id, mandateId: debit.mandate_id, name: debit.debtor_name, iban: debit.debtor_iban,
      purpose: [`Lastschrift ${debit.end_to_end_id}`],
    })),
  }];
  for (const [index, back] of (options.returned ?? []).entries()) {
    const debit = debits.find((d) => d.end_to_end_id === back.endToEndId)!;
    entries.push({
      amount: debit.amount + back.charges, credit: false, bookingDate: back.date, accountServicerRef: `${options.id ?? 'RUN'}-RETURN-${index + 1}`,
      bankTxCode: ['PMNT', 'RDDT', 'UPDD'],
      transactions: [{ endToEndId: debit.end_to_end_id, mandateId: debit.mandate_id, name: debit.debtor_name, iban: debit.debtor_iban, returnReason: back.reason, charges: back.charges }],
    });
  }
  return entries;
}

/**
 * The bank's answer to a direct-debit run as a CAMT statement on the creditor account: the
 * entries of {@link debitRunEntries} alone.
 */
export function camtFromDebits(
  creditorIban: string,
  debits: readonly RunDebit[],
  options: RunStatementOptions & { kind?: '053' | '054'; version?: '02' | '08' },
): string {
  return buildCamt([{ id: options.id ?? 'RUN-STATEMENT', iban: creditorIban, entries: debitRunEntries(debits, options) }], { kind: options.kind ?? '054', version: options.version ?? '08' });
}
