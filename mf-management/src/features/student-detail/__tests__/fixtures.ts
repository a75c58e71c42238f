import { HTTPError } from 'shared-kernel';
import type {
  MainAddress,
  ReminderRow,
  StudentData,
  StudentDocumentList,
  TimelineEntry,
  Versioned,
} from 'shared-kernel/contracts';
import type { VersionedPersonalData } from '../api/personal-data.js';

export const STUDENT_ID = 7;

export function studentData(overrides: Partial<StudentData> = {}): StudentData {
  return {
    stid: STUDENT_ID, salutation_id: 2, title_id: null, firstname: 'Max', lastname: 'Muster',
    email: 'max@example.org', phone_regular: null, phone_cellphone: '+43 660 1234567', dob: '2012-05-04',
    street: 'Hauptstraße', house_no: '12', zip: '1010', city: 'Wien', country_iso: 'at', lat: null, long: null,
    balance: 0, c_currency: 'EUR', sifh: 'abc123', school_id: 1, sn: 'Kampfsportschule Wien',
    student_status_id: 2, e_member_status_id: 1, e_f_mv_mno: 'AT-4711', e_entry_date: null, e_cancel_date: null,
    e_contract_end: null, divisions: [1, 3], ia: false, remc: 1, ...overrides,
  };
}

export function personalData(overrides: Partial<VersionedPersonalData> = {}): VersionedPersonalData {
  return {
    salutation_id: 2, title_id: null, firstname: 'Max', lastname: 'Muster', supplement: null,
    email: 'max@example.org', phone_regular: null, phone_cellphone: '+43 660 1234567', dob: '2012-05-04',
    nationality: 'Österreich', student_status_id: 2, e_member_status_id: 1, divisions: [1, 3], version: 3, ...overrides,
  };
}

export const mainAddress: MainAddress & Versioned = { street: 'Hauptstraße', house_no: '12', zip: '1010', city: 'Wien', country_iso: 'at', version: 2 };

export function timeline(): TimelineEntry[] {
  return [
    { id: 31, kind: 'note', type: 2, text: 'Neue Adresse gemeldet', dc: '2026-03-02T09:30:00', author: 'Martina Leitner', editable: true, version: 1 },
    { id: 5, kind: 'reminder_done', type: null, text: 'Probetraining nachfassen', dc: '2026-03-01T08:00:00', author: 'office', editable: false, version: 2 },
    {
      id: 7,
      kind: 'mail',
      type: null,
      text: 'Ihre Kündigungsbestätigung',
      dc: '2026-02-28T10:00:00',
      author: 'Sara Sender',
      editable: false,
      version: 1,
      mail: { to: 'eva@example.test', attachments: ['Kündigung.pdf'], status: 'sent' },
    },
  ];
}

export function reminder(overrides: Partial<ReminderRow> = {}): ReminderRow {
  return {
    reminder_id: 41, date_created: '2026-01-10T10:00:00Z', date_deadline: '2020-01-02', subject: 'Rückruf',
    notes: 'Wegen Vertrag', username: 'office', lead_id: null, student_id: STUDENT_ID, delegated_to: null,
    delegated_username: null, date_done: null, user_done: null, ref_name: 'Max Muster', school_id: 1, version: 1, ...overrides,
  };
}

export function documents(): StudentDocumentList {
  return {
    rows: [
      { id: 11, tid: 3, ext: 'pdf', n: 'Vertrag.pdf', s: 12_800, dr: '2026-02-03', lc: '2026-02-04T10:15:00' },
      { id: 12, tid: 3, ext: 'jpg', n: 'Ausweis.jpg', s: 2_516_582, dr: '2026-01-20', lc: '2026-01-21T08:05:00' },
    ],
    pages: 1,
    total: 2,
  };
}

/** An error answer of the API as ky throws it. */
export function httpError(status: number, body: unknown): HTTPError {
  const response = new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const request = new Request('http://localhost/api');
  return new HTTPError(response, request, {} as ConstructorParameters<typeof HTTPError>[2]);
}
