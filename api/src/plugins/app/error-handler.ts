import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR, MSG } from 'shared-kernel/contracts';
import { HttpError } from '../../lib/http-error.js';
import { isConnectionError } from '../../db/index.js';
import { BASELINE_HEADERS } from '../external/security-headers.js';

interface ValidationItem {
  instancePath?: string;
  keyword?: string;
  params?: Record<string, unknown>;
}

function fieldsOf(validation: ValidationItem[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const item of validation) {
    let path = (item.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    if (item.keyword === 'required' && typeof item.params?.missingProperty === 'string') {
      path = path ? `${path}.${item.params.missingProperty}` : item.params.missingProperty;
    }
    const dateFormat = item.keyword === 'format' && String(item.params?.format ?? '').endsWith('date');
    fields[path || '_'] ??= item.keyword === 'required' ? MSG.required : dateFormat ? MSG.date : MSG.invalid;
  }
  return fields;
}

/**
 * Fastify's `frameworkErrors`: requests refused before routing, so before any hook runs.
 * An undecodable path (`/%zz`, `/api-fin/%E0%A4%A`) or an overlong parameter answers
 * 400 {error: 4}, with the headers every answer carries; nothing is read or written.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  reply.headers(BASELINE_HEADERS).header('cache-control', 'no-store');
  if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply.code(400).send({ error: ERROR.notSaved });
    return;
  }
  request.log.error({ err: error }, 'unexpected error before routing');
  reply.code(500).send({ error: ERROR.server });
}

/**
 * One place turns every failure into the wire answer `{error, fields?}`: bad input 400/4,
 * database unreachable 503/1, anything unexpected 500/8 with a log line. Answers never
 * carry stack traces, SQL or driver messages. A transaction conflict (deadlock, serialization)
 * answers 503/1 with Retry-After: it was rolled back and may simply be sent again.
 */
export default fp(
  async function errorHandler(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError & { code?: string }, request, reply) => {
      if (error instanceof HttpError) {
        return reply.code(error.statusCode).headers(error.headers).send(error.body);
      }
      if (isConnectionError(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        return reply.code(503).header('retry-after', '5').send({ error: ERROR.communication });
      }
      if (error.validation) {
        return reply.code(400).send({ error: ERROR.notSaved, fields: fieldsOf(error.validation as ValidationItem[]) });
      }
      const code = typeof error.code === 'string' ? error.code : '';
      // Fastify's own refusals of the request itself: malformed JSON, empty body, wrong
      // content type, body over the limit, bad URL encoding.
      if (code.startsWith('FST_ERR_CTP_') || code === 'FST_ERR_BAD_URL' || code.startsWith('FST_ERR_VALIDATION')) {
        return reply.code(400).send({ error: ERROR.notSaved });
      }
      // Database refusals caused by input that slipped past validation.
      if (/^22[0-9A-Z]{3}$/.test(code)) {
        request.log.warn({ err: error }, 'database rejected input');
        return reply.code(400).send({ error: ERROR.notSaved });
      }
      // The transaction lost a deadlock or a serialization conflict with a concurrent one and
      // was rolled back whole: nothing was written, the same request will pass a moment later.
      if (code === '40P01' || code === '40001') {
        request.log.warn({ err: error }, 'transaction conflict, rolled back');
        return reply.code(503).header('retry-after', '1').send({ error: ERROR.communication });
      }
      if (code === '23505') return reply.code(409).send({ error: ERROR.notSaved });
      if (code === '23503') return reply.code(409).send({ error: ERROR.generic });
      if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
        return reply.code(error.statusCode === 413 ? 400 : error.statusCode).send({ error: ERROR.notSaved });
      }
      request.log.error({ err: error }, 'unexpected error');
      return reply.code(500).send({ error: ERROR.server });
    });
  },
  { name: 'error-handler' },
);
