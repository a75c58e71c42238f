import { HTTPError } from 'shared-kernel';
import { makeAppState } from 'shared-kernel/testing';
import type {
  AccountOption, AppState, Atom, DunningRow, PaymentAssignmentResponse, PaymentRow, ReceiptRow, StudentContractOptions, StudentContractRow,
} from 'shared-kernel/contracts';

export const STUDENT_ID = 7;

/** A level-3 user holding only the given atoms (level 1 and 2 hold every atom). */
export function userWith(atoms: Atom[], extra: Partial<AppState> = {}): Partial<AppState> {
  return { atoms, user: { ...makeAppState().user, level: 3 }, ...extra };
}

export function httpError(status: number, body: unknown = { error: 3 }): HTTPError {
  const response = new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  return new HTTPError(response, new Request('http://localhost/api'), {} as never);
}

export function contract(overrides: Partial<StudentContractRow> = {}): StudentContractRow {
  return {
    id: 31, cs: 1, pmid: 3, dd: '2026-12-01', dcs: '2026-01-01', dce: null, cd: null, ag: 4900, acg: 2500, cur: 'EUR', pi: 1,
    c1: 12, c2: 3, c3: 1, c4: 1, cno: null, name: 'Standard', tp: 20, rc: true, version: 3, ...overrides,
  };
}

export const contractOptions: StudentContractOptions = {
  contracts: [{
    id: 5, name: 'Erwachsene monatlich', pay_interval: 1, amount_gross: 5900, activation_gross: 3000, tax_percent: 20, currency: 'EUR',
    c_interval_start: 12, c_cperiod_start: 3, c_interval_follow: 1, c_cperiod_follow: 1,
  }],
  accounts: [{ id: 11, name: 'Erste Bank', is_main: true }],
  network_contracts: [],
  products: [1, 3],
};

/** School 1 has a main account and a second one; school 2 has one account. */
export const accountOptions: AccountOption[] = [
  { id: 12, name: 'Kassa-Konto', school_id: 1, sepa_iban: 'AT483200000012345864', is_main: false, currency: 'EUR' },
  { id: 11, name: 'Erste Bank', school_id: 1, sepa_iban: 'AT611904300234573201', is_main: true, currency: 'EUR' },
  { id: 21, name: 'Sparkasse', school_id: 2, sepa_iban: 'DE89370400440532013000', is_main: true, currency: 'EUR' },
];

export function payment(overrides: Partial<PaymentRow> = {}): PaymentRow {
  return {
    id: 51, pd: '2026-11-02', am: 4900, aa: 0, bd: null, pm: 3, aid: null, acn: null, an: 'Bar bezahlt', dc: '2026-11-02T09:00:00Z', cur: 'EUR', version: 1,
    ...overrides,
  };
}

export function receipt(overrides: Partial<ReceiptRow> = {}): ReceiptRow {
  return {
    rno: 1001, rrno: null, stid: STUDENT_ID, ddue: '2026-11-01', dcre: '2026-11-01', amt: 7400, ap: 0, cr: 0, bal: 7400, type: 1, kind: 'IR', gt: false,
    txt: 'Beitrag 11/2026', net: 6167, tax: 1233, ps: '2026-11-01', pe: '2026-11-30', scid: 31, sub: false, subr: [], dun: 0, dlir: null, cur: 'EUR',
    version: 1, ...overrides,
  };
}

export function creditNote(overrides: Partial<ReceiptRow> = {}): ReceiptRow {
  return receipt({ rno: 1003, rrno: 1001, amt: -1000, bal: -1000, kind: 'CN', txt: 'Kulanz', sub: true, ps: null, pe: null, ...overrides });
}

export function dunning(overrides: Partial<DunningRow> = {}): DunningRow {
  return { id: 71, dc: '2026-11-20T10:00:00Z', dun: 1, ds: '2026-11-21', am: 7400, cur: 'EUR', rnos: [1001], version: 1, ...overrides };
}

export function assignment(overrides: Partial<PaymentAssignmentResponse> = {}): PaymentAssignmentResponse {
  return {
    data: payment(),
    pr: [],
    receipts: [
      { rno: 1001, ddue: '2026-10-01', txt: 'Beitrag 10/2026', amt: 4900, ap: 0, cr: 0, bal: 4900, cur: 'EUR' },
      { rno: 1002, ddue: '2026-11-01', txt: 'Beitrag 11/2026', amt: 4900, ap: 0, cr: 0, bal: 4900, cur: 'EUR' },
    ],
    ...overrides,
  };
}
