import type { FastifyInstance } from 'fastify';
import { finDashQuerySchema, ieChartQuerySchema } from 'shared-kernel/contracts';
import { financeDashboard, incomeExpenseChart } from './repository.js';
import { validate } from '../../lib/validate.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { incomeExpenseRoutes } from './income-expense-routes.js';

const cents = { type: 'integer' } as const;
const sumsSchema = {
  type: 'object',
  required: ['receipts', 'open', 'income', 'expense'],
  properties: { receipts: cents, open: cents, income: cents, expense: cents },
} as const;

/**
 * /api-fin (spec 002 §7): finance overview of the request's schools. Register with
 * `app.register(financeRoutes, { prefix: '/api-fin' })`.
 */
export default async function financeRoutes(app: FastifyInstance): Promise<void> {
  await incomeExpenseRoutes(app);

  app.get(
    '/dash',
    {
      config: { access: { atoms: ['finance_r'] } },
      schema: {
        summary: 'Finance overview per month of a year: receipts created, still open, income, expense (cents); dd: direct-debit runs per month (count, debits, total, dates)',
        tags: ['api-fin'],
        querystring: {
          type: 'object',
          required: ['year'],
          additionalProperties: false,
          properties: { year: { type: 'integer', minimum: 2000, maximum: 2100 } },
        },
        response: {
          ...errorResponses,
          200: {
            type: 'object',
            required: ['year', 'currency', 'months', 'totals', 'dd'],
            properties: {
              year: { type: 'integer' },
              currency: { type: 'string' },
              months: {
                type: 'array',
                items: { ...sumsSchema, required: ['month', ...sumsSchema.required], properties: { month: { type: 'integer' }, ...sumsSchema.properties } },
              },
              totals: sumsSchema,
              dd: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['month', 'runs', 'cnt', 'amt', 'dates'],
                  properties: { month: { type: 'integer' }, runs: { type: 'integer' }, cnt: { type: 'integer' }, amt: cents, dates: { type: 'array', items: { type: 'string' } } },
                },
              },
            },
          },
        },
      },
    },
    async (request) => {
      const query = validate(finDashQuerySchema, request.query);
      const currency = request.server.config.currency;
      return request.scoped((tx) => financeDashboard(tx, query.year, currency));
    },
  );

  app.get(
    '/ie-chart',
    {
      config: { access: { atoms: ['finance_r'] } },
      schema: {
        summary: 'Income and expense per month for the 12 months ending at year/month (cents)',
        tags: ['api-fin'],
        querystring: {
          type: 'object',
          required: ['year', 'month'],
          additionalProperties: false,
          properties: {
            year: { type: 'integer', minimum: 2000, maximum: 2100 },
            month: { type: 'integer', minimum: 1, maximum: 12 },
          },
        },
        response: {
          ...errorResponses,
          200: {
            type: 'object',
            required: ['months', 'in', 'out', 'totals', 'currency'],
            properties: {
              months: { type: 'array', items: { type: 'string' } },
              in: { type: 'array', items: cents },
              out: { type: 'array', items: cents },
              totals: {
                type: 'object',
                required: ['in', 'out', 'balance'],
                properties: { in: cents, out: cents, balance: cents },
              },
              currency: { type: 'string' },
            },
          },
        },
      },
    },
    async (request) => {
      const query = validate(ieChartQuerySchema, request.query);
      const currency = request.server.config.currency;
      return request.scoped((tx) => incomeExpenseChart(tx, query.year, query.month, currency));
    },
  );
}
