import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { contentDisposition } from '../../files/index.js';
import { renderLetter, type LetterInput } from '../../letters/index.js';
import { errorResponses, idQuerySchema } from '../../lib/route-schemas.js';
import { readLetterhead } from '../config/letterhead.js';
import { conclusionLetter, readConclusionForDocument, sepaMandateLetter, type ConclusionDocumentRow } from './documents.js';

/** The conclusion named by ?id (another school's: 404), for the generated authorization matrix. */
const scopedId = { in: 'query', name: 'id', resource: 'conclusion' } as const;

/** The letter's date: the server's day, ISO. */
const isoDay = (now: Date) => now.toISOString().slice(0, 10);

/**
 * The conclusion's documents as the school's letter (the one renderer, api/src/letters, with
 * the school's letterhead): GET /api-conclusion/cp (the conclusion with all its sections, for
 * signing on paper; conclusion_w, spec 000 §6) and GET /api-conclusion/sepaddm (the SEPA Core
 * direct debit mandate; conclusion_r). One of the plugins under /api-conclusion; register with
 * `app.register(conclusionDocumentRoutes, { prefix: '/api-conclusion' })`.
 */
export default async function conclusionDocumentRoutes(app: FastifyInstance): Promise<void> {
  const sendPdf = async (
    request: FastifyRequest<{ Querystring: { id: number } }>,
    reply: FastifyReply,
    build: (row: ConclusionDocumentRow, date: string) => Omit<LetterInput, 'letterhead'>,
    fileName: (row: ConclusionDocumentRow) => string,
  ) => {
    const { pdf, name } = await request.scoped(async (tx) => {
      const row = await readConclusionForDocument(tx, request.query.id);
      const letter = build(row, isoDay(app.now()));
      const letterhead = await readLetterhead(tx, row.school_id, app.files);
      return { pdf: await renderLetter({ ...letter, letterhead }), name: fileName(row) };
    });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', contentDisposition(name))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-store')
      .send(pdf);
  };

  app.get<{ Querystring: { id: number } }>(
    '/cp',
    {
      config: { access: { atoms: ['conclusion_w'], scopedId } },
      schema: {
        summary: "The conclusion as PDF (every section of the form, signature lines) on the school's letterhead",
        tags: ['api-conclusion'],
        querystring: idQuerySchema,
        response: { ...errorResponses },
      },
    },
    async (request, reply) => {
      request.audit.entity = 'conclusion';
      request.audit.entityId = request.query.id;
      return sendPdf(request, reply, conclusionLetter, (row) => `Vertragsabschluss-${row.contract_no ?? row.id}.pdf`);
    },
  );

  app.get<{ Querystring: { id: number } }>(
    '/sepaddm',
    {
      config: { access: { atoms: ['conclusion_r'], scopedId } },
      schema: {
        summary:
          "The SEPA Core direct debit mandate of the conclusion as PDF (creditor and creditor id, mandate reference and date, debtor, IBAN, BIC, the scheme's mandate text in German); no direct debit: 404; account without creditor id: 400 {error: 1004}",
        tags: ['api-conclusion'],
        querystring: idQuerySchema,
        response: { ...errorResponses },
      },
    },
    async (request, reply) => {
      request.audit.entity = 'conclusion';
      request.audit.entityId = request.query.id;
      return sendPdf(request, reply, sepaMandateLetter, (row) => `SEPA-Lastschriftmandat-${row.sepa_mandate_ref ?? row.id}.pdf`);
    },
  );
}
