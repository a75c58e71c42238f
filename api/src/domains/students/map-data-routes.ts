import type { FastifyInstance } from 'fastify';
import { MAP_DATA_MAX_POINTS, type MapDataRequest, type MapDataResponse } from 'shared-kernel/contracts';
import { pagedListBodySchema } from '../../lib/paged-list.js';
import { studentMapData } from './map-repository.js';
import { STUDENT_LIST } from './repository.js';
import { errorResponses } from '../../lib/route-schemas.js';

/** The `filtered` of the student list's body schema: the same ids and value types. */
const studentFilteredSchema = pagedListBodySchema(STUDENT_LIST).properties.filtered;

const mapDataBodySchema = {
  type: 'object',
  required: ['filtered'],
  additionalProperties: false,
  properties: { filtered: studentFilteredSchema },
} as const;

const mapDataResponseSchema = {
  type: 'object',
  required: ['points', 'total', 'withoutPosition', 'capped'],
  properties: {
    points: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'fn', 'ln', 'c', 'sst', 'lat', 'long'],
        properties: {
          id: { type: 'integer' },
          fn: { type: 'string' },
          ln: { type: 'string' },
          c: { type: ['string', 'null'] },
          sst: { type: 'integer' },
          lat: { type: 'number' },
          long: { type: 'number' },
        },
      },
    },
    total: { type: 'integer' },
    withoutPosition: { type: 'integer' },
    capped: { type: 'boolean' },
  },
} as const;

/**
 * POST /api-base/map-data (spec 000 §7): the points of the student map (dashboards). Register
 * with prefix '/api-base'. Needs student_r; row-level security limits the points to the
 * request's schools.
 */
export default async function mapDataRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/map-data',
    {
      config: { access: { atoms: ['student_r'] } },
      schema: {
        summary: `Student map: every student the student list's filters find that has coordinates (by id, at most ${MAP_DATA_MAX_POINTS}; capped says when more were found), the number found and the number without coordinates`,
        tags: ['api-base'],
        body: mapDataBodySchema,
        response: { ...errorResponses, 200: mapDataResponseSchema },
      },
    },
    async (request): Promise<MapDataResponse> => {
      const body = request.body as MapDataRequest;
      return request.scoped((tx) => studentMapData(tx, body.filtered, MAP_DATA_MAX_POINTS));
    },
  );
}
