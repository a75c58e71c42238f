import type { FastifyInstance } from 'fastify';
import {
  DUNNING_LEVELS,
  DUNNING_RUN_MAX_RECEIPTS,
  ERROR,
  type Atom,
  type DunningAddressProblem,
  type DunningCountsResponse,
  type DunningItem,
  type DunningLevel,
  type DunningListResponse,
  type DunningRunBody,
  type DunningRunResponse,
} from 'shared-kernel/contracts';
import { contentDisposition } from '../../files/index.js';
import { renderLetters } from '../../letters/index.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { idempotencyResponses, idempotentWrite } from '../../lib/idempotency.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { MailTooLargeError } from '../../mail/mailer.js';
import { mailSenderUser } from '../../mail/sender.js';
import { createDunning, moneyRuleAnswer } from '../student-money/repository.js';
import { getSettings } from '../users/repository.js';
import { dunningLetter, queueDunningMail } from './letters.js';
import {
  countDueItems,
  dueItems,
  finishRun,
  insertRun,
  insertRunItems,
  levelDays,
  lockDueItems,
  lockStudents,
  postalAddressComplete,
  receiptOwners,
  runFileKey,
  visibleSchools,
} from './repository.js';
import { countsResponse, listQuery, listResponse, pdfQuery, runBody, runResponse } from './schemas.js';

const READ = { atoms: ['finance_r'] as Atom[] };
const WRITE = { atoms: ['finance_r', 'finance_w'] as Atom[] };

/** The day the rules count with (the server's day, ISO). */
const isoDay = (now: Date) => now.toISOString().slice(0, 10);

/** 400 {error: 100}: nothing selected. */
const nothingSelected = () => new HttpError(400, { error: ERROR.dunningNothingSelected, fields: { rnos: 'form.required' } });
/** 400 {error: 101}: more than one run takes. */
const runTooLarge = () => new HttpError(400, { error: ERROR.dunningRunTooLarge, fields: { rnos: 'form.invalid' } });

/** The level from the query or body; the schemas allow 1-3 only. */
const asLevel = (value: unknown): DunningLevel => Number(value) as DunningLevel;

/**
 * Dunning runs (/m-student/dun/{level}, issue 14; api/README.md "Dunning levels"), under
 * /api-receipt: the items due at a level, their counts (dunning menu), the run (one dunning
 * letter per student through the one letter renderer, ONE PDF of all letters to print in the
 * file store, each letter also mailed where the student has an e-mail address) and the
 * run's PDF.
 */
export default async function dunningRunRoutes(app: FastifyInstance) {
  app.get(
    '/dunning',
    {
      config: { access: READ },
      schema: {
        summary: 'The open items due at dunning level `level` (1, 2, 3 = collection) in the user\'s schools, by student; the whole list (the screen pages by 20)',
        tags: ['api-receipt'],
        querystring: listQuery,
        response: { ...errorResponses, 200: listResponse },
      },
    },
    async (request): Promise<DunningListResponse> => {
      const level = asLevel((request.query as { level: number }).level);
      return request.scoped(async (tx) => {
        const days = await levelDays(tx, await visibleSchools(tx), level);
        const rows = await dueItems(tx, level, days, isoDay(app.now()));
        const sums = new Map<string, number>();
        for (const row of rows) sums.set(row.cur, (sums.get(row.cur) ?? 0) + row.o);
        return {
          level,
          rows,
          total: rows.length,
          sums: [...sums].map(([cur, o]) => ({ cur, o })),
          inactive: [...days].filter(([, value]) => value === 0).map(([schoolId]) => schoolId),
        };
      });
    },
  );

  app.get(
    '/dunning-counts',
    {
      config: { access: READ },
      schema: {
        summary: 'How many items are due at each dunning level in the user\'s schools (the finance overview\'s dunning menu)',
        tags: ['api-receipt'],
        response: { ...errorResponses, 200: countsResponse },
      },
    },
    async (request): Promise<DunningCountsResponse> =>
      request.scoped(async (tx) => {
        const schools = await visibleSchools(tx);
        const today = isoDay(app.now());
        const counts = {} as Record<DunningLevel, number>;
        for (const level of DUNNING_LEVELS) counts[level] = await countDueItems(tx, level, await levelDays(tx, schools, level), today);
        return { counts };
      }),
  );

  app.post(
    '/dunning',
    {
      config: { access: WRITE },
      schema: {
        summary:
          'Duns the selected receipts `rnos` at `level`: one dunning letter per student (and currency) combining them, in one transaction; receipts no longer due are skipped. The letters (template dunning_{level}) are rendered as one PDF to print (GET /dunning-pdf?id=run) — students without street, postcode and city are left out of it and reported — and mailed with the letter attached where the student has an e-mail address (a student with neither is not dunned). Idempotent (Idempotency-Key); a receipt is dunned at a level once. 400 {error: 100} nothing selected, {error: 101} too many; 404 a receipt out of the user\'s schools',
        tags: ['api-receipt'],
        body: runBody,
        response: { ...errorResponses, ...idempotencyResponses, 200: runResponse },
      },
    },
    async (request): Promise<DunningRunResponse> => {
      const body = request.body as DunningRunBody;
      const level = asLevel(body.level);
      const rnos = [...new Set(body.rnos)];
      if (rnos.length === 0) throw nothingSelected();
      if (rnos.length > DUNNING_RUN_MAX_RECEIPTS) throw runTooLarge();
      request.audit.entity = 'dunning';
      const session = request.session!;
      const { settings } = await getSettings(app.db, session.user.id);
      const sender = mailSenderUser(session.user, settings);
      let storedKey: string | null = null;
      let mailIds: number[] = [];
      let ownRun: number | null = null;
      try {
        const answer = await idempotentWrite(request, async (tx) => {
          // A retried transaction starts over: what the previous attempt stored goes.
          if (storedKey) await app.files.removeQuietly([storedKey]);
          storedKey = null;
          mailIds = [];
          ownRun = null;
          const now = app.now();
          const today = isoDay(now);
          const owners = await receiptOwners(tx, rnos);
          if (owners.length !== rnos.length) throw notFound();
          const students = await lockStudents(tx, [...new Set(owners.map((owner) => owner.stid))]);
          const schoolIds = [...new Set(owners.map((owner) => owner.sid))];
          request.audit.schoolId = schoolIds.length === 1 ? schoolIds[0] : undefined;
          const days = await levelDays(tx, schoolIds, level);
          const due = await lockDueItems(tx, level, days, today, rnos);
          const groups = groupByStudent(due);
          const answer: DunningRunResponse = { success: true, run: null, dunnings: 0, receipts: 0, printed: 0, mails: 0, skipped: rnos.length - due.length, noAddress: [] };
          if (groups.length === 0) return answer;
          const run = await insertRun(tx, level, [...new Set(due.map((item) => item.sid))], session.user.id, now);
          const printed = [];
          for (const items of groups) {
            const first = items[0]!;
            const student = students.find((row) => row.id === first.stid)!;
            const letter = await dunningLetter(tx, app.files, { level, items, userId: session.user.id, now });
            const postal = await postalAddressComplete(tx, first.stid);
            const email = letter.recipient.email.trim();
            if (!postal) {
              const problem: DunningAddressProblem = { stid: first.stid, name: letter.recipient.name || `${first.fn} ${first.ln}`.trim(), mailed: email !== '' };
              if (!answer.noAddress.some((known) => known.stid === problem.stid)) answer.noAddress.push(problem);
              // Neither a letter nor a mail can reach the student: not dunned, the items stay due.
              if (!email) {
                answer.skipped += items.length;
                continue;
              }
            }
            const dunningId = await createDunning(tx, student, { dun: level, rnos: items.map((item) => item.rno), ds: today }, session.user.id, today);
            let outboxId: number | null = null;
            if (email) {
              outboxId = await queueDunningMail(tx, app, { letter, to: email, sender, schoolId: student.schoolId, studentId: student.id, senderId: session.user.id, dunningId });
              mailIds.push(outboxId);
              answer.mails += 1;
            }
            await insertRunItems(tx, { schoolId: student.schoolId, dunningId, level, rnos: items.map((item) => item.rno), runId: run, mailedTo: email || null, outboxId });
            if (postal) printed.push(letter.input);
            answer.dunnings += 1;
            answer.receipts += items.length;
          }
          if (answer.dunnings === 0) {
            // Nobody could be reached: no run to keep.
            await tx.query('DELETE FROM dunning_runs WHERE id = $1', [run]);
            return answer;
          }
          if (printed.length > 0) {
            const pdf = await renderLetters(printed, { title: `Mahnlauf Stufe ${level}`, author: printed[0]!.meta?.author });
            storedKey = await app.files.put(pdf);
          }
          await finishRun(tx, run, { fileKey: storedKey, dunnings: answer.dunnings, mails: answer.mails });
          answer.run = run;
          answer.printed = printed.length;
          ownRun = run;
          return answer;
        });
        if (answer.run !== ownRun || ownRun === null) {
          // A repeat (same key) answered the first run: this attempt's file and mails were rolled back.
          await app.files.removeQuietly([storedKey]);
        } else {
          for (const id of mailIds) app.mailer.deliver(id);
        }
        return answer;
      } catch (error) {
        await app.files.removeQuietly([storedKey]);
        if (error instanceof MailTooLargeError) throw new HttpError(400, { error: ERROR.mailTooLarge });
        throw moneyRuleAnswer(error) ?? error;
      }
    },
  );

  app.get(
    '/dunning-pdf',
    {
      config: { access: READ },
      schema: {
        summary: 'The letters of dunning run `id` as one PDF to print; 404 for a run with a letter of a school the user does not see, or without printed letters',
        tags: ['api-receipt'],
        querystring: pdfQuery,
        response: { ...errorResponses },
      },
    },
    async (request, reply) => {
      const { id } = request.query as { id: number };
      const key = await request.scoped((tx) => runFileKey(tx, id));
      if (!key) throw notFound();
      const pdf = await app.files.read(key);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(`Mahnlauf-${id}.pdf`))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
}

/** The due items by student and currency (one letter each; the items come ordered by student, currency). */
function groupByStudent(items: readonly DunningItem[]): DunningItem[][] {
  const groups: DunningItem[][] = [];
  for (const item of items) {
    const last = groups[groups.length - 1];
    if (last && last[0]!.stid === item.stid && last[0]!.cur === item.cur) last.push(item);
    else groups.push([item]);
  }
  return groups;
}

