import { ATOM_GROUPS, type Atom } from 'shared-kernel/contracts';
import { hashPassword } from '../auth/password.js';
import type { Db, Queryable } from '../db/index.js';
import { addDays, addMonths, at, endOfMonth, firstOfMonth, schoolDate } from './dates.js';
import { makeCreditorId, makeIban } from './iban.js';
import { insertRows, type InsertRow } from './insert-rows.js';
import { CITIES, FEMALE_FIRST_NAMES, LAST_NAMES, MALE_FIRST_NAMES, type CityStreets } from './names.js';
import { mulberry32, SeededRandom } from './random.js';

/** Password of every demo user. */
export const DEMO_PASSWORD = 'demo1234';

/** A demo login, as the server prints it at start and the README lists it. */
export interface DemoUser {
  username: string;
  level: 1 | 2 | 3;
  description: string;
}

/** The demo logins (all with password {@link DEMO_PASSWORD}). */
export const DEMO_USERS: readonly DemoUser[] = [
  { username: 'admin', level: 1, description: 'Superadmin, all schools, every right, linked to network member AT-100001' },
  { username: 'office', level: 3, description: 'Role "Büro": every management and finance right, all schools' },
  { username: 'finance', level: 3, description: 'Role "Finanzen": finance_r, finance_w, finance_d, student_r; all schools' },
  { username: 'trainer', level: 3, description: 'Role "Trainer": student_r, reminder_r; only the school in Graz' },
];

/** Options of {@link seedDemo}. */
export interface SeedDemoOptions {
  /** "Now" for the data: reminders, receipts and finance history are placed relative to it. */
  now: Date;
  /** Uniform [0,1) source; default a mulberry32 with a fixed seed, so the data is the same each run. */
  random?: () => number;
}

/** Default seed of the demo PRNG. */
export const DEMO_SEED = 20261121;

interface DemoSchool {
  key: keyof typeof CITIES;
  name: string;
  country: 'at' | 'de';
  street: string;
  houseNo: string;
  zip: string;
  lat: number;
  long: number;
  phone: string;
  email: string;
  /** Prefix of contract numbers. */
  code: string;
  banks: readonly { name: string; bankCode: string; bic: string; accountDigits: number }[];
}

const DEMO_SCHOOLS: readonly DemoSchool[] = [
  {
    key: 'wien', name: 'Kampfkunstschule Wien-Mitte', country: 'at', street: 'Landstraßer Hauptstraße', houseNo: '28',
    zip: '1030', lat: 48.2039, long: 16.3877, phone: '+43 1 7126480', email: 'wien-mitte@kampfkunst-demo.example.com', code: 'W',
    banks: [
      { name: 'Erste Bank der oesterreichischen Sparkassen AG', bankCode: '20111', bic: 'GIBAATWWXXX', accountDigits: 11 },
      { name: 'BAWAG P.S.K.', bankCode: '14000', bic: 'BAWAATWWXXX', accountDigits: 11 },
    ],
  },
  {
    key: 'graz', name: 'Kampfkunstschule Graz', country: 'at', street: 'Annenstraße', houseNo: '20',
    zip: '8020', lat: 47.0716, long: 15.4293, phone: '+43 316 714263', email: 'graz@kampfkunst-demo.example.com', code: 'G',
    banks: [{ name: 'Steiermärkische Bank und Sparkassen AG', bankCode: '20815', bic: 'STSPAT2GXXX', accountDigits: 11 }],
  },
  {
    key: 'muenchen', name: 'Kampfkunstschule München-Schwabing', country: 'de', street: 'Leopoldstraße', houseNo: '50',
    zip: '80802', lat: 48.1598, long: 11.5857, phone: '+49 89 38890120', email: 'muenchen@kampfkunst-demo.example.com', code: 'M',
    banks: [
      { name: 'Stadtsparkasse München', bankCode: '70150000', bic: 'SSKMDEMMXXX', accountDigits: 10 },
      { name: 'Münchner Bank eG', bankCode: '70190000', bic: 'GENODEF1M01', accountDigits: 10 },
    ],
  },
  {
    key: 'berlin', name: 'Kampfkunstschule Berlin-Prenzlauer Berg', country: 'de', street: 'Kastanienallee', houseNo: '30',
    zip: '10435', lat: 52.5378, long: 13.4097, phone: '+49 30 44012730', email: 'berlin@kampfkunst-demo.example.com', code: 'B',
    banks: [{ name: 'Berliner Sparkasse', bankCode: '10050000', bic: 'BELADEBEXXX', accountDigits: 10 }],
  },
];

/** Banks students pay from (direct debit mandates). */
const PAYER_BANKS: Record<'at' | 'de', readonly { bankCode: string; bic: string; name: string }[]> = {
  at: [
    { bankCode: '20111', bic: 'GIBAATWWXXX', name: 'Erste Bank' },
    { bankCode: '38000', bic: 'RZSTAT2G', name: 'Raiffeisen-Landesbank Steiermark' },
    { bankCode: '12000', bic: 'BKAUATWWXXX', name: 'UniCredit Bank Austria' },
    { bankCode: '60000', bic: 'BAWAATWWXXX', name: 'BAWAG P.S.K.' },
  ],
  de: [
    { bankCode: '70150000', bic: 'SSKMDEMMXXX', name: 'Stadtsparkasse München' },
    { bankCode: '10050000', bic: 'BELADEBEXXX', name: 'Berliner Sparkasse' },
    { bankCode: '50010517', bic: 'INGDDEFFXXX', name: 'ING-DiBa' },
    { bankCode: '10070000', bic: 'DEUTDEBBXXX', name: 'Deutsche Bank' },
  ],
};

/** Contract templates every school offers (amounts in cents per pay interval). */
const TEMPLATE_DEFS = [
  { name: 'Erwachsene monatlich', kids: false, payInterval: 1, amount: 6900, activation: 4900, cStart: 12, cpStart: 3, cFollow: 1, cpFollow: 1 },
  { name: 'Kinder und Jugendliche monatlich', kids: true, payInterval: 1, amount: 4900, activation: 2900, cStart: 12, cpStart: 3, cFollow: 1, cpFollow: 1 },
  { name: 'Familie vierteljährlich', kids: false, payInterval: 3, amount: 18900, activation: 4900, cStart: 12, cpStart: 3, cFollow: 3, cpFollow: 1 },
  { name: 'Jahresvertrag', kids: false, payInterval: 12, amount: 69000, activation: 0, cStart: 12, cpStart: 1, cFollow: 12, cpFollow: 1 },
] as const;

/** Student statuses per school: every status at least twice (1..6). */
const STATUS_MIX: readonly number[] = [
  ...Array<number>(21).fill(2), 1, 1, 1, 3, 3, 3, 3, 4, 4, 4, 4, 4, 5, 5, 5, 6, 6, 6, 2,
];

/** Lead statuses per school: every status present (1..7). */
const LEAD_STATUS_MIX: readonly number[] = [1, 1, 1, 2, 2, 3, 4, 5, 6, 6, 7, 7, 7, 1];

const REMINDER_SUBJECTS = [
  'Rückruf wegen Probetraining', 'Vertrag unterschreiben lassen', 'Zahlung besprechen', 'Gürtelprüfung anmelden',
  'SEPA-Mandat nachreichen', 'Adresse prüfen', 'Einladung Infoabend nachfassen', 'Kündigung bestätigen',
] as const;

const BUERO_ATOMS: Atom[] = [
  ...ATOM_GROUPS.students, ...ATOM_GROUPS.finance, ...ATOM_GROUPS.conclusions, ...ATOM_GROUPS.leads,
  ...ATOM_GROUPS.reminders, ...ATOM_GROUPS.settings, ...ATOM_GROUPS.templates,
];
const FINANZEN_ATOMS: Atom[] = ['finance_r', 'finance_w', 'finance_d', 'student_r'];
const TRAINER_ATOMS: Atom[] = ['student_r', 'reminder_r'];

/** The earlier of two ISO dates. */
function earlier(a: string, b: string): string {
  return a < b ? a : b;
}

interface StudentSeed {
  id: number;
  schoolIndex: number;
  status: number;
  firstname: string;
  lastname: string;
  dob: string;
  isKid: boolean;
  email: string;
}

/**
 * Fills an empty database with a working demo office: 4 schools (Wien-Mitte and Graz in
 * Austria, München and Berlin in Germany), bank accounts with valid IBANs and creditor ids,
 * contract templates, ~40 students per school in every status with contracts, receipts,
 * payments and notes, leads in every status, reminders around "now", 14 months of income
 * and expense, news of each visibility, tickets of both modes, association news, roles "Büro", "Finanzen",
 * "Trainer" and the {@link DEMO_USERS}. Deterministic for a given `now` and random source.
 * Runs in one transaction on the system connection (call it before serving requests).
 */
export async function seedDemo(db: Db, opts: SeedDemoOptions): Promise<void> {
  const rnd = new SeededRandom(opts.random ?? mulberry32(DEMO_SEED));
  const today = schoolDate(opts.now);
  // Hash before the transaction: PGlite serialises, and the hashes need no database.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    await new DemoSeeder(tx, rnd, today, passwordHash).run();
  });
}

class DemoSeeder {
  private schoolIds: number[] = [];
  private accountIds: number[][] = [];
  private templateIds: number[][] = [];
  private userIds: Record<string, number> = {};
  private students: StudentSeed[] = [];
  private mnoCounter = { at: 110_000, de: 210_000 };

  constructor(
    private readonly tx: Queryable,
    private readonly rnd: SeededRandom,
    private readonly today: string,
    private readonly passwordHash: string,
  ) {}

  async run(): Promise<void> {
    await this.insertSchools();
    // Row-level security may apply to the seeding role too (FORCE); open all demo schools.
    await this.tx.query(`SELECT set_config('app.school_ids', $1, true)`, [this.schoolIds.join(',')]);
    await this.insertUsers();
    await this.insertAccounts();
    await this.insertTemplates();
    for (let s = 0; s < DEMO_SCHOOLS.length; s++) await this.insertStudents(s);
    await this.insertContractsAndMoney();
    await this.insertNotes();
    const leadIds = await this.insertLeads();
    await this.insertReminders(leadIds);
    await this.insertIncomeAndExpense();
    await this.insertNews();
    await this.insertTickets();
    await this.insertAssociationNews();
    await this.insertNetworkMembers();
    await this.insertMicrosite();
  }

  /**
   * The microsite of every demo school: switched on under the school's key as slug, with a
   * weekly timetable (products 1-12, weekdays 1-7).
   */
  private async insertMicrosite(): Promise<void> {
    await insertRows(
      this.tx,
      'school_settings',
      DEMO_SCHOOLS.map((school, s) => ({
        school_id: this.schoolIds[s],
        slug: school.key,
        microsite_on: true,
        highlight_text: '',
        contact_email: school.email,
      })),
      null,
    );
    const events: InsertRow[] = [];
    DEMO_SCHOOLS.forEach((_, s) => {
      events.push(
        { school_id: this.schoolIds[s], pid: 1, name: 'Kinder 6-10', ts: '16:30', te: '17:30', wd: 1, url: '' },
        { school_id: this.schoolIds[s], pid: 2, name: 'Jugend', ts: '17:45', te: '19:00', wd: 1, url: '' },
        { school_id: this.schoolIds[s], pid: 3, name: 'Erwachsene', ts: '19:00', te: '20:30', wd: 3, url: '' },
        { school_id: this.schoolIds[s], pid: 3, name: 'Erwachsene', ts: '10:00', te: '11:30', wd: 6, url: '' },
      );
    });
    await insertRows(this.tx, 'timetable_events', events, null);
  }

  /**
   * The network's member register: the superadmin (AT-100001), a licensee and two trainers
   * per school (the microsite team), and every student with a network number.
   */
  private async insertNetworkMembers(): Promise<void> {
    const rows: InsertRow[] = [
      { mno: 'AT-100001', salutation_id: 1, firstname: 'Sabine', lastname: 'Hofer', dob: '1979-03-14', email: 'admin@kampfkunst-demo.example.com', grade: '5. Dan', school_id: this.schoolIds[0] },
    ];
    const staffCounter = { at: 100_100, de: 200_100 };
    // School roles (spec 002 §3 msrid): the 4. Dan is licensee and Sifu, the others trainers
    // (role 3, the one a school may hide on its microsite), the 2. Dan also examiner.
    const staffRoles: Record<string, number[]> = { '4. Dan': [1, 9], '2. Dan': [3, 6], '1. Dan': [3] };
    const roles: InsertRow[] = [];
    DEMO_SCHOOLS.forEach((school, s) => {
      for (const grade of ['4. Dan', '2. Dan', '1. Dan']) {
        const { salutation, firstname } = this.personName();
        const lastname = this.rnd.pick(LAST_NAMES);
        rows.push({
          mno: `${school.country.toUpperCase()}-${++staffCounter[school.country]}`,
          salutation_id: salutation,
          firstname,
          lastname,
          dob: addDays(addMonths(this.today, -12 * this.rnd.int(25, 55)), -this.rnd.int(0, 364)),
          email: this.email(firstname, lastname),
          grade,
          school_id: this.schoolIds[s],
        });
        for (const role of staffRoles[grade]!) roles.push({ mno: rows[rows.length - 1]!.mno, school_id: this.schoolIds[s], role_id: role });
      }
    });
    const students = await this.tx.query<InsertRow>(
      `SELECT mno, salutation_id, firstname, lastname, dob, email, school_id FROM students WHERE mno IS NOT NULL ORDER BY id`,
    );
    for (const student of students.rows) rows.push({ ...student, grade: null });
    await insertRows(this.tx, 'network_members', rows, null);
    await insertRows(this.tx, 'network_member_roles', roles, null);
  }

  private async insertSchools(): Promise<void> {
    const rows = DEMO_SCHOOLS.map((school) => ({
      name: school.name, country: school.country, street: school.street, house_no: school.houseNo,
      zip: school.zip, city: CITIES[school.key].city, lat: school.lat, long: school.long,
      email: school.email, phone: school.phone, created_at: at(addMonths(this.today, -60), 9),
    }));
    this.schoolIds = (await insertRows(this.tx, 'schools', rows)).map((r) => r.id);
  }

  private async insertUsers(): Promise<void> {
    const roles = await insertRows(this.tx, 'roles', [
      { role_name: 'Büro', atoms: BUERO_ATOMS },
      { role_name: 'Finanzen', atoms: FINANZEN_ATOMS },
      { role_name: 'Trainer', atoms: TRAINER_ATOMS },
    ]);
    const [buero, finanzen, trainer] = roles.map((r) => r.id) as [number, number, number];
    const created = at(addMonths(this.today, -24), 8);
    const users = [
      { username: 'admin', salutation_id: 1, firstname: 'Sabine', lastname: 'Hofer', email: 'admin@kampfkunst-demo.example.com', level: 1, role_id: null, school_access: 1, mno: 'AT-100001' },
      { username: 'office', salutation_id: 1, firstname: 'Martina', lastname: 'Leitner', email: 'office@kampfkunst-demo.example.com', level: 3, role_id: buero, school_access: 1, mno: null },
      { username: 'finance', salutation_id: 2, firstname: 'Stefan', lastname: 'Berger', email: 'finance@kampfkunst-demo.example.com', level: 3, role_id: finanzen, school_access: 1, mno: null },
      { username: 'trainer', salutation_id: 2, firstname: 'Florian', lastname: 'Pichler', email: 'trainer@kampfkunst-demo.example.com', level: 3, role_id: trainer, school_access: 2, mno: null },
    ].map((user) => ({ ...user, password_hash: this.passwordHash, created_at: created }));
    const ids = await insertRows(this.tx, 'users', users);
    users.forEach((user, i) => (this.userIds[user.username] = ids[i]!.id));
    // The trainer works in Graz only.
    await insertRows(this.tx, 'user_schools', [{ user_id: this.userIds.trainer, school_id: this.schoolIds[1] }], null);
  }

  private async insertAccounts(): Promise<void> {
    for (let s = 0; s < DEMO_SCHOOLS.length; s++) {
      const school = DEMO_SCHOOLS[s]!;
      const country = school.country.toUpperCase();
      const ci = makeCreditorId(country, this.rnd.digits(11));
      const rows = school.banks.map((bank, i) => ({
        school_id: this.schoolIds[s],
        name: i === 0 ? 'Geschäftskonto' : 'Rücklagenkonto',
        sepa_name: school.name,
        // Direct debits run from the main account; the second account has no creditor id.
        sepa_ci: i === 0 ? ci : null,
        sepa_iban: makeIban(country, bank.bankCode + this.rnd.digits(bank.accountDigits)),
        sepa_bic: bank.bic,
        sepa_bank: bank.name,
        is_main: i === 0,
        currency: 'EUR',
        created_at: at(addMonths(this.today, -60), 10),
      }));
      this.accountIds[s] = (await insertRows(this.tx, 'accounts', rows)).map((r) => r.id);
    }
  }

  private async insertTemplates(): Promise<void> {
    for (let s = 0; s < DEMO_SCHOOLS.length; s++) {
      const school = DEMO_SCHOOLS[s]!;
      const rows = TEMPLATE_DEFS.map((t) => ({
        school_id: this.schoolIds[s],
        name: t.name,
        notes: t.kids ? 'Für Kinder und Jugendliche bis 17 Jahre.' : '',
        pay_interval: t.payInterval,
        country_iso: school.country,
        amount_gross: school.country === 'de' ? t.amount - 100 : t.amount,
        activation_gross: t.activation,
        tax_percent: school.country === 'at' ? 20 : 19,
        // Germany: at most 24 months minimum term; the demo uses 12 everywhere.
        c_interval_start: t.cStart,
        c_cperiod_start: t.cpStart,
        c_interval_follow: t.cFollow,
        c_cperiod_follow: t.cpFollow,
        currency: 'EUR',
        created_at: at(addMonths(this.today, -60), 11),
      }));
      this.templateIds[s] = (await insertRows(this.tx, 'contract_templates', rows)).map((r) => r.id);
    }
  }

  private personName(): { salutation: number; firstname: string } {
    const female = this.rnd.chance(0.45);
    return { salutation: female ? 1 : 2, firstname: this.rnd.pick(female ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES) };
  }

  private phone(country: 'at' | 'de', mobile: boolean): string {
    if (country === 'at') {
      return mobile ? `+43 ${this.rnd.pick(['664', '660', '676', '699'])} ${this.rnd.digits(7)}` : `+43 ${this.rnd.pick(['1', '316'])} ${this.rnd.digits(6)}`;
    }
    return mobile ? `+49 ${this.rnd.pick(['151', '160', '170', '176'])} ${this.rnd.digits(8)}` : `+49 ${this.rnd.pick(['89', '30'])} ${this.rnd.digits(7)}`;
  }

  private email(firstname: string, lastname: string): string {
    const ascii = (value: string) =>
      value.toLowerCase().replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss').replace(/[^a-z]/g, '');
    return `${ascii(firstname)}.${ascii(lastname)}${this.rnd.int(1, 99)}@example.com`;
  }

  private address(city: CityStreets) {
    return {
      street: this.rnd.pick(city.streets),
      house_no: `${this.rnd.int(1, 180)}${this.rnd.chance(0.15) ? '/' + this.rnd.int(1, 24) : ''}`,
      zip: this.rnd.pick(city.zips),
      city: city.city,
      lat: Math.round((city.lat + (this.rnd.next() - 0.5) * 0.08) * 1e6) / 1e6,
      long: Math.round((city.long + (this.rnd.next() - 0.5) * 0.12) * 1e6) / 1e6,
    };
  }

  /** Network member status that fits a school status (spec 001 §3). */
  private memberStatus(status: number): number | null {
    switch (status) {
      case 1: return null; // provisional: not yet known to the network
      case 2: return this.rnd.weighted([[1, 18], [10, 1], [3, 1]]);
      case 3: return 7;
      case 4: return this.rnd.weighted([[2, 3], [6, 1], [9, 1]]);
      case 5: return this.rnd.weighted([[6, 2], [8, 1]]);
      default: return this.rnd.weighted([[1, 2], [2, 1]]);
    }
  }

  private async insertStudents(s: number): Promise<void> {
    const school = DEMO_SCHOOLS[s]!;
    const city = CITIES[school.key];
    const rows: InsertRow[] = [];
    const seeds: Omit<StudentSeed, 'id'>[] = [];
    for (const status of STATUS_MIX) {
      const { salutation, firstname } = this.personName();
      const lastname = this.rnd.pick(LAST_NAMES);
      const isKid = this.rnd.chance(0.4);
      const dob = addDays(addMonths(this.today, -12 * (isKid ? this.rnd.int(6, 16) : this.rnd.int(18, 56))), -this.rnd.int(0, 364));
      const memberStatus = this.memberStatus(status);
      const hasMno = memberStatus !== null;
      const entry = hasMno ? firstOfMonth(addMonths(this.today, -this.rnd.int(3, 48))) : null;
      const email = this.email(firstname, lastname);
      const created = entry ?? addDays(this.today, -this.rnd.int(0, 20));
      rows.push({
        school_id: this.schoolIds[s],
        salutation_id: salutation,
        title_id: !isKid && this.rnd.chance(0.06) ? this.rnd.pick([1, 2, 5]) : null,
        firstname,
        lastname,
        email,
        phone_regular: this.rnd.chance(0.3) ? this.phone(school.country, false) : null,
        phone_cellphone: this.phone(school.country, true),
        dob,
        nationality: school.country.toUpperCase(),
        ...this.address(city),
        country_iso: school.country,
        student_status_id: status,
        e_member_status_id: memberStatus,
        mno: hasMno ? `${school.country.toUpperCase()}-${++this.mnoCounter[school.country]}` : null,
        e_entry_date: entry,
        e_cancel_date: hasMno && [2, 6, 8, 9].includes(memberStatus) ? addDays(this.today, -this.rnd.int(10, 300)) : null,
        divisions: this.rnd.sample([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14], this.rnd.int(1, 2)).sort((a, b) => a - b),
        e_products: [],
        network_flag: this.rnd.chance(0.06),
        created_at: at(created, 10, this.rnd.int(0, 59)),
        updated_at: at(created, 10, this.rnd.int(0, 59)),
      });
      seeds.push({ schoolIndex: s, status, firstname, lastname, dob, isKid, email });
    }
    const ids = await insertRows(this.tx, 'students', rows);
    seeds.forEach((seed, i) => this.students.push({ ...seed, id: ids[i]!.id }));

    // Children's contracts are paid by a parent: a separate invoice address (type 2).
    const invoiceAddresses = seeds
      .map((seed, i) => ({ seed, id: ids[i]!.id }))
      .filter(({ seed }) => seed.isKid)
      .map(({ seed, id }) => ({
        school_id: this.schoolIds[s],
        student_id: id,
        type: 2,
        salutation_id: this.rnd.chance(0.6) ? 1 : 2,
        title_id: null,
        firstname: this.rnd.pick(this.rnd.chance(0.6) ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES),
        lastname: seed.lastname,
        street: this.rnd.pick(city.streets),
        house_no: String(this.rnd.int(1, 120)),
        zip: this.rnd.pick(city.zips),
        city: city.city,
        country_iso: school.country,
        updated_at: at(this.today, 9),
      }));
    await insertRows(this.tx, 'student_addresses', invoiceAddresses, null);
  }

  private async insertContractsAndMoney(): Promise<void> {
    const historyStart = firstOfMonth(addMonths(this.today, -13));
    let contractNo = 0;
    for (const student of this.students) {
      if (student.status === 6) continue; // no contract
      const s = student.schoolIndex;
      const school = DEMO_SCHOOLS[s]!;
      const templateIndex = student.isKid ? 1 : this.rnd.weighted([[0, 6], [2, 2], [3, 2]]);
      const t = TEMPLATE_DEFS[templateIndex]!;
      const amount = school.country === 'de' ? t.amount - 100 : t.amount;
      let start: string;
      let end: string | null = null;
      let cancel: string | null = null;
      let contractStatus = 1;
      switch (student.status) {
        case 1: start = firstOfMonth(addMonths(this.today, this.rnd.int(0, 1))); break;
        case 2: start = firstOfMonth(addMonths(this.today, -this.rnd.int(2, 36))); break;
        case 3:
          start = firstOfMonth(addMonths(this.today, -this.rnd.int(13, 30)));
          cancel = addDays(this.today, -this.rnd.int(5, 40));
          end = endOfMonth(addMonths(this.today, this.rnd.int(1, 3)));
          contractStatus = 3;
          break;
        case 4:
          start = firstOfMonth(addMonths(this.today, -this.rnd.int(20, 40)));
          end = endOfMonth(addMonths(this.today, -this.rnd.int(1, 10)));
          cancel = addMonths(end, -3);
          contractStatus = 4;
          break;
        default: // 5 inactive
          start = firstOfMonth(addMonths(this.today, -this.rnd.int(24, 48)));
          end = endOfMonth(addMonths(this.today, -this.rnd.int(6, 12)));
          contractStatus = 2;
      }
      const method = this.rnd.weighted([[1, 16], [2, 3], [3, 1]]);
      const payerBank = this.rnd.pick(PAYER_BANKS[school.country]);
      const payerName = student.isKid ? `${this.rnd.pick(FEMALE_FIRST_NAMES)} ${student.lastname}` : `${student.firstname} ${student.lastname}`;
      const nextDue = contractStatus === 1 || contractStatus === 3
        ? (start > this.today ? start : firstOfMonth(addMonths(this.today, 1)))
        : null;
      const [contract] = await insertRows(this.tx, 'student_contracts', [{
        school_id: this.schoolIds[s],
        student_id: student.id,
        contract_template_id: this.templateIds[s]![templateIndex],
        account_id: this.accountIds[s]![0],
        contract_no: `${school.code}-${start.slice(0, 4)}-${String(++contractNo).padStart(4, '0')}`,
        status: contractStatus,
        payment_method_id: method,
        due_date: nextDue && end && nextDue > end ? null : nextDue,
        contract_start: start,
        contract_end: end,
        cancel_date: cancel,
        amount_gross: amount,
        activation_gross: t.activation,
        tax_percent: school.country === 'at' ? 20 : 19,
        currency: 'EUR',
        pay_interval: t.payInterval,
        c_interval_start: t.cStart,
        c_cperiod_start: t.cpStart,
        c_interval_follow: t.cFollow,
        c_cperiod_follow: t.cpFollow,
        sepa_name: method === 1 ? payerName : null,
        sepa_iban: method === 1 ? makeIban(school.country.toUpperCase(), payerBank.bankCode + this.rnd.digits(school.country === 'at' ? 11 : 10)) : null,
        sepa_bic: method === 1 ? payerBank.bic : null,
        sepa_bank: method === 1 ? payerBank.name : null,
        sepa_mandate_ref: method === 1 ? `${school.code}${student.id}-${start.replace(/-/g, '')}` : null,
        sepa_date_mandate: method === 1 ? addDays(start, -this.rnd.int(3, 20)) : null,
        created_at: at(addDays(start, -this.rnd.int(3, 20)), 14),
        updated_at: at(cancel ?? addDays(start, -1), 14),
      }]);
      await this.insertReceiptsFor(student, contract!.id, { start, end, method, amount, activation: t.activation, payInterval: t.payInterval, historyStart });
    }
  }

  private async insertReceiptsFor(
    student: StudentSeed,
    contractId: number,
    c: { start: string; end: string | null; method: number; amount: number; activation: number; payInterval: number; historyStart: string },
  ): Promise<void> {
    const s = student.schoolIndex;
    const schoolId = this.schoolIds[s]!;
    const receipts: { row: InsertRow; paid: number; payDate: string | null }[] = [];
    // A bad payer leaves the last periods open (dunning); a few pay late but partly.
    const badPayer = this.rnd.chance(0.15);
    const partialPayer = !badPayer && this.rnd.chance(0.08);
    const periods: string[] = [];
    for (let due = c.start; due <= this.today && (!c.end || due <= c.end); due = addMonths(due, c.payInterval)) {
      if (due >= c.historyStart) periods.push(due);
    }
    const billed = [...periods];
    if (c.activation > 0 && c.start >= c.historyStart && c.start <= addMonths(this.today, 1)) billed.unshift(`AF:${c.start}`);
    billed.forEach((entry, i) => {
      const isFee = entry.startsWith('AF:');
      const due = isFee ? entry.slice(3) : entry;
      const amount = isFee ? c.activation : c.amount;
      const fromEnd = billed.length - 1 - i;
      let paid = amount;
      if (badPayer && fromEnd < 3) paid = 0;
      else if (partialPayer && fromEnd === 0) paid = Math.round(amount / 2);
      else if (due >= addDays(this.today, -3)) paid = 0; // not yet collected
      const open = paid < amount;
      const overdueDays = (Date.parse(this.today) - Date.parse(due)) / 86_400_000;
      receipts.push({
        paid,
        payDate: paid > 0 ? earlier(addDays(due, this.rnd.int(0, c.method === 1 ? 3 : 12)), this.today) : null,
        row: {
          school_id: schoolId,
          student_id: student.id,
          rrno: null,
          student_contract_id: contractId,
          kind: isFee ? 'AF' : 'IR',
          type: open ? 1 : 2,
          text: isFee ? 'Aktivierungsgebühr' : `Mitgliedsbeitrag ${due.slice(5, 7)}/${due.slice(0, 4)}`,
          date_due: due,
          period_start: isFee ? null : due,
          period_end: isFee ? null : addDays(addMonths(due, c.payInterval), -1),
          amount,
          paid,
          currency: 'EUR',
          dunning_level: open && overdueDays > 14 ? Math.min(3, Math.floor(overdueDays / 30) + 1) : 0,
          dunning_last_at: open && overdueDays > 14 ? addDays(due, 14) : null,
          created_at: at(addDays(due, -5) < this.today ? addDays(due, -5) : this.today, 6),
        },
      });
    });
    // An exam fee booked by hand (GT) for some active students, paid in cash.
    if (student.status === 2 && this.rnd.chance(0.25)) {
      const due = addDays(this.today, -this.rnd.int(5, 200));
      const paidCash = this.rnd.chance(0.6);
      receipts.push({
        paid: paidCash ? 3500 : 0,
        payDate: paidCash ? due : null,
        row: {
          school_id: schoolId, student_id: student.id, rrno: null, student_contract_id: null, kind: 'GT',
          type: paidCash ? 2 : 1, text: 'Prüfungsgebühr Gürtelprüfung', date_due: due, period_start: null, period_end: null,
          amount: 3500, paid: paidCash ? 3500 : 0, currency: 'EUR', dunning_level: 0, dunning_last_at: null, created_at: at(addDays(due, -2), 12),
        },
      });
    }
    if (receipts.length === 0) return;
    const rnos = (await insertRows<{ rno: string | number }>(this.tx, 'receipts', receipts.map((r) => r.row), 'rno')).map((r) => Number(r.rno));

    // One payment per paid receipt, fully assigned; SEPA and transfers into the main account.
    const paidReceipts = receipts.map((r, i) => ({ ...r, rno: rnos[i]! })).filter((r) => r.paid > 0);
    // A goodwill credit note as sub-receipt of an invoice, now and then: the credited part is
    // not paid (paid + credited never exceeds the amount, migration 101).
    const archived = paidReceipts.find((r) => r.row.kind === 'IR');
    const credit = archived && this.rnd.chance(0.05) ? Math.round(c.amount / 4) : 0;
    if (archived && credit > 0) {
      archived.paid = Math.min(archived.paid, (archived.row.amount as number) - credit);
      if (archived.paid + credit < (archived.row.amount as number)) {
        archived.row.type = 1;
        await this.tx.query('UPDATE receipts SET type = 1 WHERE rno = $1', [archived.rno]);
      }
    }
    const payMethod = (kind: unknown) => (kind === 'GT' ? 3 : c.method);
    const payments = await insertRows(this.tx, 'payments', paidReceipts.map((r) => ({
      school_id: schoolId,
      student_id: student.id,
      payment_date: r.payDate,
      amount: r.paid,
      assigned: r.paid,
      // Payments older than the current month are booked (closed for changes).
      booked_at: r.payDate! < firstOfMonth(this.today) ? at(endOfMonth(r.payDate!), 18) : null,
      payment_method_id: payMethod(r.row.kind),
      account_id: payMethod(r.row.kind) === 3 ? null : this.accountIds[s]![0],
      annotation: payMethod(r.row.kind) === 1 ? 'SEPA-Lastschrift' : payMethod(r.row.kind) === 2 ? 'Überweisung' : 'Barzahlung',
      currency: 'EUR',
      created_at: at(r.payDate!, 16),
    })));
    await insertRows(this.tx, 'payment_assignments', paidReceipts.map((r, i) => ({
      school_id: schoolId, payment_id: payments[i]!.id, rno: r.rno, amount: r.paid, created_at: at(r.payDate!, 16),
    })), null);
    // Every student payment is also income of the school (payment category 2: fees).
    await insertRows(this.tx, 'income', paidReceipts.map((r, i) => ({
      school_id: schoolId,
      payment_cat_id: 2,
      custom_category: null,
      payment_method_id: payMethod(r.row.kind),
      account_id: payMethod(r.row.kind) === 3 ? null : this.accountIds[s]![0],
      payment_date: r.payDate,
      amount: r.paid,
      currency: 'EUR',
      tax_percent: DEMO_SCHOOLS[s]!.country === 'at' ? 20 : 19,
      annotation: `${r.row.text as string} – ${student.firstname} ${student.lastname}`,
      student_id: student.id,
      payment_id: payments[i]!.id,
      created_by: null,
      created_at: at(r.payDate!, 16),
    })), null);

    if (archived && credit > 0) {
      await insertRows(this.tx, 'receipts', [{
        school_id: schoolId, student_id: student.id, rrno: archived.rno, student_contract_id: contractId, kind: 'CN', type: archived.row.type,
        text: 'Gutschrift Trainingsausfall', date_due: archived.row.date_due, period_start: null, period_end: null,
        amount: -credit, paid: 0, currency: 'EUR', dunning_level: 0, dunning_last_at: null,
        created_at: at(addDays(archived.row.date_due as string, 10), 9),
      }], null);
    }
  }

  private async insertNotes(): Promise<void> {
    const rows: InsertRow[] = [];
    for (const student of this.students) {
      const schoolId = this.schoolIds[student.schoolIndex];
      rows.push({
        school_id: schoolId, student_id: student.id, lead_id: null, type: 1,
        text: this.rnd.pick(['Probetraining absolviert, sehr motiviert.', 'Hat nach Trainingszeiten am Wochenende gefragt.',
          'Möchte an der nächsten Gürtelprüfung teilnehmen.', 'Eltern wünschen Rückruf am Abend.']),
        author_id: this.userIds.office, created_at: at(addDays(this.today, -this.rnd.int(20, 300)), 17),
      });
      if (student.status === 3 || student.status === 4) {
        rows.push({
          school_id: schoolId, student_id: student.id, lead_id: null, type: 4,
          text: 'Kündigung schriftlich eingegangen, Bestätigung versendet.', author_id: this.userIds.office,
          created_at: at(addDays(this.today, -this.rnd.int(5, 60)), 15),
        });
      }
      if (this.rnd.chance(0.1)) {
        rows.push({
          school_id: schoolId, student_id: student.id, lead_id: null, type: 2, text: 'Neue Adresse nach Umzug eingetragen.',
          author_id: this.userIds.office, created_at: at(addDays(this.today, -this.rnd.int(5, 200)), 11),
        });
      }
      if (this.rnd.chance(0.08)) {
        rows.push({
          school_id: schoolId, student_id: student.id, lead_id: null, type: 3, text: 'Wechsel auf Jahresvertrag besprochen.',
          author_id: this.userIds.finance, created_at: at(addDays(this.today, -this.rnd.int(5, 200)), 12),
        });
      }
    }
    await insertRows(this.tx, 'student_notes', rows, null);
  }

  private async insertLeads(): Promise<number[][]> {
    const leadIds: number[][] = [];
    for (let s = 0; s < DEMO_SCHOOLS.length; s++) {
      const school = DEMO_SCHOOLS[s]!;
      const city = CITIES[school.key];
      const converted = this.students.filter((st) => st.schoolIndex === s && st.status === 1);
      const rows = LEAD_STATUS_MIX.map((status, i) => {
        const { salutation, firstname } = this.personName();
        const lastname = this.rnd.pick(LAST_NAMES);
        const created = addDays(this.today, -this.rnd.int(1, 120));
        const source = this.rnd.pick([1, 2, 3, 4, 5, 6, 7, 8, 9]);
        const origin = this.rnd.pick([1, 2, 3, 4, 5, 6, 7, 8]);
        const invitedInfo = status === 7 || status === 5 || status === 6;
        const invitedTrial = status === 6 || (status === 7 && i % 2 === 0);
        const student = status === 6 ? converted.shift() : undefined;
        const kid = this.rnd.chance(0.4);
        return {
          school_id: this.schoolIds[s],
          salutation_id: salutation,
          company: null,
          firstname: student?.firstname ?? firstname,
          lastname: student?.lastname ?? lastname,
          email: student?.email ?? this.email(firstname, lastname),
          phone_regular: null,
          phone_cellphone: this.phone(school.country, true),
          street: this.rnd.pick(city.streets),
          house_no: String(this.rnd.int(1, 150)),
          zip: this.rnd.pick(city.zips),
          city: city.city,
          dob: null,
          pt_salutation_id: kid ? 1 : null,
          pt_firstname: kid ? this.rnd.pick(FEMALE_FIRST_NAMES) : null,
          pt_lastname: kid ? (student?.lastname ?? lastname) : null,
          lead_status_id: status,
          lead_source_id: source,
          lead_source: source === 7 ? 'Flyer beim Bäcker' : null,
          lead_origin_id: origin,
          no_interest_reason_id: status === 2 ? this.rnd.pick([1, 2, 3, 4, 5]) : null,
          annotation: status === 2 ? 'Kein Interesse nach Infoabend.' : '',
          interests: this.rnd.sample(['IV', 'PT', 'advice'], this.rnd.int(1, 2)),
          products: this.rnd.sample([1, 2, 3, 4, 5, 6], 1),
          experience: this.rnd.chance(0.3) ? 'Zwei Jahre Judo als Kind' : null,
          // Origins 5 and 6 (microsite, another site) carry no first-contact date.
          first_contact: origin === 5 || origin === 6 ? null : created,
          ie1: invitedInfo ? at(addDays(created, 7), 18) : null,
          ie2: null,
          it1: invitedTrial ? at(addDays(created, 14), 17) : null,
          it2: null,
          date_info_event: invitedInfo && status !== 7 ? at(addDays(created, 7), 18) : null,
          date_trial: invitedTrial && status === 6 ? at(addDays(created, 14), 17) : null,
          student_id: student?.id ?? null,
          date_created: at(created, 9, this.rnd.int(0, 59)),
          updated_at: at(created, 9, 30),
        };
      });
      leadIds[s] = (await insertRows(this.tx, 'leads', rows)).map((r) => r.id);
    }
    return leadIds;
  }

  private async insertReminders(leadIds: number[][]): Promise<void> {
    // Deadlines relative to today: overdue, today, this week, later; and done ones.
    const plan = [
      { offset: -10, done: false }, { offset: -3, done: false }, { offset: 0, done: false },
      { offset: 2, done: false }, { offset: 6, done: false }, { offset: 20, done: false },
      { offset: -15, done: true }, { offset: -1, done: true },
    ];
    const rows: InsertRow[] = [];
    for (let s = 0; s < DEMO_SCHOOLS.length; s++) {
      const students = this.students.filter((st) => st.schoolIndex === s);
      plan.forEach((p, i) => {
        const onLead = i % 3 === 1;
        const deadline = addDays(this.today, p.offset);
        const created = addDays(deadline, -this.rnd.int(3, 20));
        rows.push({
          school_id: this.schoolIds[s],
          date_created: at(created, 9, i),
          date_deadline: deadline,
          subject: REMINDER_SUBJECTS[(s + i) % REMINDER_SUBJECTS.length],
          notes: p.done ? 'Erledigt.' : 'Bitte vor dem Training klären.',
          created_by: i % 2 === 0 ? this.userIds.office : this.userIds.admin,
          lead_id: onLead ? leadIds[s]![i] : null,
          student_id: onLead ? null : students[i * 3]!.id,
          delegated_to: s === 1 && i % 2 === 0 ? this.userIds.trainer : i === 4 ? this.userIds.finance : null,
          date_done: p.done ? at(addDays(deadline, 1), 15) : null,
          user_done: p.done ? this.userIds.office : null,
        });
      });
    }
    await insertRows(this.tx, 'reminders', rows, null);
  }

  private async insertIncomeAndExpense(): Promise<void> {
    const income: InsertRow[] = [];
    const expense: InsertRow[] = [];
    for (let s = 0; s < DEMO_SCHOOLS.length; s++) {
      const schoolId = this.schoolIds[s];
      const tax = DEMO_SCHOOLS[s]!.country === 'at' ? 20 : 19;
      const mainAccount = this.accountIds[s]![0];
      for (let m = 13; m >= 0; m--) {
        const month = firstOfMonth(addMonths(this.today, -m));
        const day = (d: number) => {
          const date = addDays(month, d - 1);
          return date > this.today ? this.today : date;
        };
        if (month > this.today) continue;
        const created = (d: string) => at(d, 13, this.rnd.int(0, 59));
        const examDay = day(this.rnd.int(10, 20));
        income.push({
          school_id: schoolId, payment_cat_id: 3, custom_category: null, payment_method_id: 3, account_id: null,
          payment_date: examDay, amount: this.rnd.int(6, 14) * 3500, currency: 'EUR', tax_percent: tax,
          annotation: 'Prüfungsgebühren Gürtelprüfung', student_id: null, payment_id: null, created_by: this.userIds.office, created_at: created(examDay),
        });
        const shopDay = day(this.rnd.int(1, 28));
        const shopMethod = this.rnd.pick([2, 3]);
        income.push({
          school_id: schoolId, payment_cat_id: 5, custom_category: null, payment_method_id: shopMethod, account_id: shopMethod === 2 ? mainAccount : null,
          payment_date: shopDay, amount: this.rnd.int(8000, 45000), currency: 'EUR', tax_percent: tax,
          annotation: 'Verkauf Trainingsanzüge und Schutzausrüstung', student_id: null, payment_id: null, created_by: this.userIds.office, created_at: created(shopDay),
        });
        if (m % 3 === 0) {
          const seminarDay = day(this.rnd.int(5, 25));
          income.push({
            school_id: schoolId, payment_cat_id: 4, custom_category: null, payment_method_id: 2, account_id: mainAccount,
            payment_date: seminarDay, amount: this.rnd.int(20, 60) * 2500, currency: 'EUR', tax_percent: tax,
            annotation: 'Wochenendseminar Selbstverteidigung', student_id: null, payment_id: null, created_by: this.userIds.finance, created_at: created(seminarDay),
          });
        }
        if (m === 5) {
          const feastDay = day(14);
          income.push({
            school_id: schoolId, payment_cat_id: 1, custom_category: 'Sommerfest', payment_method_id: 3, account_id: null,
            payment_date: feastDay, amount: this.rnd.int(30000, 90000), currency: 'EUR', tax_percent: 0,
            annotation: 'Einnahmen Buffet und Tombola', student_id: null, payment_id: null, created_by: this.userIds.office, created_at: created(feastDay),
          });
        }

        const rentDay = day(1);
        expense.push({
          school_id: schoolId, name: 'Miete Trainingsräume', expense_cat_id: 1, payment_date: rentDay,
          amount: [210000, 145000, 245000, 198000][s], currency: 'EUR', tax_percent: tax, annotation: '', created_by: this.userIds.finance, created_at: created(rentDay),
        });
        const energyDay = day(5);
        expense.push({
          school_id: schoolId, name: 'Strom und Heizung', expense_cat_id: 2, payment_date: energyDay,
          amount: this.rnd.int(18000, 42000), currency: 'EUR', tax_percent: tax, annotation: 'Abschlag', created_by: this.userIds.finance, created_at: created(energyDay),
        });
        const trainerDay = day(28);
        expense.push({
          school_id: schoolId, name: 'Honorar Gasttrainer', expense_cat_id: 5, payment_date: trainerDay,
          amount: this.rnd.int(4, 10) * 6000, currency: 'EUR', tax_percent: 0, annotation: '', created_by: this.userIds.finance, created_at: created(trainerDay),
        });
        if (m % 3 === 1) {
          const insuranceDay = day(10);
          expense.push({
            school_id: schoolId, name: 'Haftpflichtversicherung', expense_cat_id: 3, payment_date: insuranceDay,
            amount: 32500, currency: 'EUR', tax_percent: 0, annotation: 'Quartalsprämie', created_by: this.userIds.finance, created_at: created(insuranceDay),
          });
        }
        if (this.rnd.chance(0.4)) {
          const gearDay = day(this.rnd.int(1, 28));
          expense.push({
            school_id: schoolId, name: this.rnd.pick(['Matten', 'Pratzen und Schlagpolster', 'Boxsack', 'Erste-Hilfe-Material']),
            expense_cat_id: 4, payment_date: gearDay, amount: this.rnd.int(5000, 90000), currency: 'EUR', tax_percent: tax,
            annotation: '', created_by: this.userIds.office, created_at: created(gearDay),
          });
        }
        if (m % 4 === 2) {
          const adDay = day(this.rnd.int(1, 28));
          expense.push({
            school_id: schoolId, name: 'Flyer und Online-Werbung', expense_cat_id: 6, payment_date: adDay,
            amount: this.rnd.int(8000, 35000), currency: 'EUR', tax_percent: tax, annotation: 'Aktion Probetraining', created_by: this.userIds.office, created_at: created(adDay),
          });
        }
      }
    }
    await insertRows(this.tx, 'income', income, null);
    await insertRows(this.tx, 'expense', expense, null);
  }

  private async insertNews(): Promise<void> {
    const [wien, graz, muenchen, berlin] = this.schoolIds as [number, number, number, number];
    const t = this.today;
    const news = [
      { school_id: wien, visibility: 3, owner: 'office', title: 'Neue Kindergruppe ab Jänner', teaser: 'Ab Jänner trainieren die 6- bis 9-Jährigen zweimal pro Woche.', published: addDays(t, -12), expired: addMonths(t, 2), active: true, shown: [wien, graz] },
      { school_id: graz, visibility: 1, owner: 'office', title: 'Gürtelprüfung im Dezember', teaser: 'Anmeldung bis eine Woche vor dem Termin im Büro.', published: addDays(t, -5), expired: addMonths(t, 1), active: true, shown: [] },
      { school_id: muenchen, visibility: 4, owner: 'admin', title: 'Trainingszeiten in den Weihnachtsferien', teaser: 'Zwischen den Feiertagen gilt ein verkürzter Trainingsplan.', published: addDays(t, -2), expired: addMonths(t, 2), active: true, shown: [] },
      { school_id: berlin, visibility: 3, owner: 'office', title: 'Selbstverteidigungskurs für Frauen', teaser: 'Vier Abende, Grundlagen und Praxis, Anmeldung erforderlich.', published: addDays(t, -20), expired: addMonths(t, 1), active: true, shown: [berlin, muenchen] },
      { school_id: wien, visibility: 4, owner: 'admin', title: 'Verbandsmeisterschaft 2027', teaser: 'Die Ausschreibung für die Verbandsmeisterschaft ist online.', published: addDays(t, -30), expired: addMonths(t, 6), active: true, shown: [] },
      { school_id: graz, visibility: 3, owner: 'office', title: 'Sommercamp 2026', teaser: 'Eine Woche Training am Grundlsee.', published: addMonths(t, -7), expired: addMonths(t, -3), active: true, shown: [graz] },
      { school_id: muenchen, visibility: 1, owner: 'office', title: 'Entwurf: Neue Mitgliedsbeiträge', teaser: 'Noch nicht veröffentlicht.', published: null, expired: null, active: false, shown: [] },
      { school_id: berlin, visibility: 4, owner: 'admin', title: 'Erste-Hilfe-Auffrischung für Trainer', teaser: 'Pflichttermin für alle Trainerinnen und Trainer.', published: addDays(t, -8), expired: addMonths(t, 1), active: true, shown: [] },
      { school_id: wien, visibility: 1, owner: 'office', title: 'Aktion Freunde werben Freunde', teaser: 'Ein Monat gratis für jede erfolgreiche Empfehlung.', published: addDays(t, -40), expired: addDays(t, 20), active: true, shown: [] },
      { school_id: muenchen, visibility: 3, owner: 'office', title: 'Tag der offenen Tür', teaser: 'Schnuppertraining für die ganze Familie.', published: addDays(t, -3), expired: addMonths(t, 1), active: true, shown: [muenchen, berlin, wien] },
    ];
    const ids = await insertRows<{ content_id: number }>(this.tx, 'news', news.map((n) => ({
      school_id: n.school_id,
      visibility: n.visibility,
      content_status_id: n.active ? 1 : 2,
      owner_id: this.userIds[n.owner],
      title: n.title,
      teaser: n.teaser,
      body: `<p>${n.teaser}</p><p>Mehr Informationen erhalten Sie im Büro Ihrer Schule.</p>`,
      date_published: n.published ? at(n.published, 8) : null,
      date_expired: n.expired ? at(n.expired, 22) : null,
      active: n.active,
      created_at: at(n.published ?? t, 7),
      updated_at: at(n.published ?? t, 7),
    })), 'content_id');
    const shown = news.flatMap((n, i) => n.shown.map((schoolId) => ({ news_id: ids[i]!.content_id, school_id: schoolId })));
    await insertRows(this.tx, 'news_schools', shown, null);
  }

  /** The association's news to its members (association dashboard), published before today. */
  private async insertAssociationNews(): Promise<void> {
    const items = [
      { days: -3, title: 'Neue Prüfungsordnung ab 2027', teaser: 'Die überarbeitete Prüfungsordnung gilt für alle Prüfungen ab Jänner.', body: '<p>Die überarbeitete Prüfungsordnung gilt für alle Gürtelprüfungen ab Jänner 2027.</p><ul><li>Neue Prüfungsprogramme für Kinder</li><li>Prüferschulungen im Dezember</li></ul>' },
      { days: -10, title: 'Trainerlehrgang im Frühjahr', teaser: 'Anmeldungen für den Trainerlehrgang sind ab sofort möglich.', body: '<p>Der nächste Trainerlehrgang beginnt im März. Anmeldungen nimmt der Verbandsservice entgegen.</p>' },
      { days: -25, title: 'Verträge jetzt in 20er-Paketen', teaser: 'Mitgliedsverträge werden ab sofort in Paketen zu 20 Stück versandt.', body: '<p>Bitte bestellen Sie Mitgliedsverträge über die Vertragsanforderung in Paketen zu <strong>20 Stück</strong>.</p>' },
    ];
    await insertRows(this.tx, 'association_news', items.map((item) => ({
      title: item.title,
      teaser: item.teaser,
      body: item.body,
      date_published: at(addDays(this.today, item.days), 9),
      created_by: this.userIds.admin,
      created_at: at(addDays(this.today, item.days), 8),
    })), null);
  }

  private async insertTickets(): Promise<void> {
    const defs = [
      { mode: 1, type: 3, tsid: 4, category: null, subject: 'Adressänderung Mitglied', messages: ['Bitte die neue Adresse für unser Mitglied übernehmen: Keplerstraße 12, 8020 Graz.', 'Erledigt, die Adresse ist im Verbandsregister geändert.'] },
      { mode: 1, type: 5, tsid: 1, category: null, subject: 'Verträge nachbestellen', messages: ['Wir benötigen zwei Pakete Verträge (je 20 Stück).'] },
      { mode: 1, type: 4, tsid: 2, category: null, subject: 'Frage zur Kündigungsfrist', messages: ['<p>Ein Mitglied möchte zum Monatsende kündigen. Ist das möglich?</p>', 'Bitte senden Sie uns die Vertragsnummer, dann prüfen wir das.'] },
      { mode: 2, type: 11, tsid: 1, category: 'Schülerliste', subject: 'Export der Auswahl dauert lange', messages: ['Der Export von 300 Schülern dauert über eine Minute.'] },
      { mode: 2, type: 11, tsid: 3, category: 'Anmeldung', subject: 'Passwort-Link kam nicht an', messages: ['Der Link zum Zurücksetzen ist nicht angekommen.', 'Bitte den Spam-Ordner prüfen; wir haben den Versand kontrolliert.', 'Gefunden, danke!'] },
    ];
    let n = 0;
    for (let s = 0; s < DEMO_SCHOOLS.length; s++) {
      const chosen = defs.filter((_, i) => (i + s) % 5 !== 4); // four of five per school, both modes each
      for (const def of chosen) {
        n++;
        const created = addDays(this.today, -this.rnd.int(3, 90));
        const [ticket] = await insertRows(this.tx, 'tickets', [{
          school_id: this.schoolIds[s], mode: def.mode, type: def.type, tsid: def.tsid, category: def.category,
          subject: def.subject, created_by: this.userIds.office, created_at: at(created, 10, n % 60),
          updated_at: at(addDays(created, def.messages.length - 1), 10),
        }]);
        await insertRows(this.tx, 'ticket_messages', def.messages.map((message, i) => {
          const fromSchool = i % 2 === 0;
          return {
            school_id: this.schoolIds[s],
            ticket_id: ticket!.id,
            sender_id: fromSchool ? this.userIds.office : null,
            sender_name: fromSchool ? 'Martina Leitner' : 'Verbandsservice',
            message,
            created_at: at(addDays(created, i), 10 + i, n % 60),
          };
        }), null);
      }
    }
  }
}
