import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
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
import type { Queryable } from '../../db/index.js';
import { confirmFiles, putPending } from '../../files/file-intents.js';
import { sendStoredFile } from '../../files/send.js';
import { renderLetters, type LetterInput } from '../../letters/index.js';
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
  dunningItems,
  finishRun,
  forgetRunFile,
  insertRun,
  levelDays,
  lockDueItems,
  lockStudents,
  postalAddressComplete,
  receiptOwners,
  recordRunLetter,
  runPdf,
  type RunPdf,
  setRunFile,
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
 * Renders a run's letters as ONE PDF into the file store and records it on the run. Runs after
 * the run's transaction (no locks held while rendering). Answers the key in force (another
 * render of the same run may have won: its file stays, this one goes).
 */
async function storeRunPdf(app: FastifyInstance, runId: number, level: DunningLevel, letters: LetterInput[]): Promise<string> {
  const pdf = await renderLetters(letters, { title: `Mahnlauf Stufe ${level}`, author: letters[0]!.meta?.author });
  const key = await putPending(app, pdf);
  try {
    const inForce = await app.db.transaction(async (tx) => {
      const recorded = await setRunFile(tx, runId, key);
      // Only the recorded file becomes permanent; a losing render's intent stays for the sweep.
      if (recorded === key) await confirmFiles(tx, [key]);
      return recorded;
    });
    if (inForce !== key) await app.files.removeQuietly([key]);
    return inForce ?? key;
  } catch (error) {
    await app.files.removeQuietly([key]);
    throw error;
  }
}

/** The letters PDF after the commit; a failure leaves file_key NULL and GET /dunning-pdf renders again. */
async function storeRunPdfAfterCommit(app: FastifyInstance, log: FastifyBaseLogger, runId: number, level: DunningLevel, letters: LetterInput[]): Promise<void> {
  try {
    await storeRunPdf(app, runId, level, letters);
  } catch (error) {
    log.error({ err: error, dunningRun: runId }, 'dunning letters PDF not made; GET /api-receipt/dunning-pdf renders it again');
  }
}

/** The run's printed letters again from its dunnings, dated as the run (the items' open amounts are today's). */
async function printedLetters(tx: Queryable, app: FastifyInstance, run: RunPdf, fallbackUserId: number): Promise<LetterInput[]> {
  const letters: LetterInput[] = [];
  for (const dunningId of run.printed) {
    const items = await dunningItems(tx, dunningId);
    if (items.length === 0) continue;
    letters.push((await dunningLetter(tx, app.files, { level: run.level, items, userId: run.createdBy ?? fallbackUserId, now: run.createdAt })).input);
  }
  return letters;
}

/**
 * Dunning runs (/m-student/dun/{level}, issue 14; api/README.md "Dunning levels"), under
 * /api-receipt: the items due at a level, their counts (dunning menu), the run (one dunning
 * letter per student through the one letter renderer, ONE PDF of all letters to print in the
 * file store, rendered after the run's transaction committed; each letter also mailed where
 * the student has an e-mail address) and the run's PDF (rendered again when that failed).
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
          'Duns the selected receipts `rnos` at `level`: one dunning letter per student (and currency) combining them, in one transaction; receipts no longer due are skipped. The letters (template dunning_{level}) are rendered after the commit as one PDF to print (GET /dunning-pdf?id=run; a failed render leaves the run without it and the download renders it again) — students without street, postcode and city are left out of it and reported — and mailed with the letter attached where the student has an e-mail address (a student with neither is not dunned). Idempotent (Idempotency-Key); a receipt is dunned at a level once. 400 {error: 100} nothing selected, {error: 101} too many; 404 a receipt out of the user\'s schools',
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
      let mailIds: number[] = [];
      let ownRun: number | null = null;
      // The letters to print, rendered as one PDF after the commit (see storeRunPdf).
      let printed: LetterInput[] = [];
      try {
        const answer = await idempotentWrite(request, async (tx) => {
          // A retried transaction starts over.
          mailIds = [];
          ownRun = null;
          printed = [];
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
          const printedDunnings: number[] = [];
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
            await recordRunLetter(tx, { dunningId, runId: run, mailedTo: email || null, outboxId });
            if (postal) {
              printed.push(letter.input);
              printedDunnings.push(dunningId);
            }
            answer.dunnings += 1;
            answer.receipts += items.length;
          }
          if (answer.dunnings === 0) {
            // Nobody could be reached: no run to keep.
            await tx.query('DELETE FROM dunning_runs WHERE id = $1', [run]);
            return answer;
          }
          await finishRun(tx, run, { printed: printedDunnings, dunnings: answer.dunnings, mails: answer.mails });
          answer.run = run;
          answer.printed = printed.length;
          ownRun = run;
          return answer;
        });
        if (answer.run === ownRun && ownRun !== null) {
          // This attempt made the run (not a repeat answering the first one): mail and print.
          for (const id of mailIds) app.mailer.deliver(id);
          if (printed.length > 0) await storeRunPdfAfterCommit(app, request.log, ownRun, level, printed);
        }
        return answer;
      } catch (error) {
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
        summary:
          'The letters of dunning run `id` as one PDF to print, streamed from the file store; when the render after the run failed, rendered again now from the run\'s dunnings (503 {error: 102} when that fails too); 404 for a run with a letter of a school the user does not see, or without printed letters',
        tags: ['api-receipt'],
        querystring: pdfQuery,
        response: { ...errorResponses },
      },
    },
    async (request, reply) => {
      const { id } = request.query as { id: number };
      const run = await request.scoped((tx) => runPdf(tx, id));
      if (!run || run.printed.length === 0) throw notFound();
      let key = run.fileKey !== null && (await app.files.size(run.fileKey)) !== null ? run.fileKey : null;
      if (key === null) {
        // The render after the run failed (or the file is gone): the letters again from the
        // run's dunnings, dated as the run; the items' open amounts are today's.
        try {
          const letters = await request.scoped((tx) => printedLetters(tx, app, run, request.session!.user.id));
          if (letters.length === 0) throw notFound();
          if (run.fileKey !== null) await app.db.transaction((tx) => forgetRunFile(tx, id, run.fileKey!));
          key = await storeRunPdf(app, id, run.level, letters);
        } catch (error) {
          if (error instanceof HttpError) throw error;
          request.log.error({ err: error, dunningRun: id }, 'dunning letters PDF not made');
          throw new HttpError(503, { error: ERROR.dunningPdfFailed });
        }
      }
      return sendStoredFile(reply, app.files, { key, name: `Mahnlauf-${id}.pdf`, mime: 'application/pdf' });
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

