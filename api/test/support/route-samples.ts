import type { RouteAccessEntry } from '../../src/auth/access.js';

type JsonSchema = Record<string, any>;

/** A value that satisfies a (simple) JSON schema: the minimal valid input of a route. */
export function sampleFor(schema: JsonSchema | undefined): unknown {
  if (!schema) return undefined;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) return sampleFor(schema.anyOf[0]);
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'string':
      if (schema.format === 'date') return '2026-11-21';
      // The date formats with a range (lib/route-schemas.ts DATE_FORMATS).
      if (schema.format === 'near-date') return new Date().toISOString().slice(0, 10);
      if (schema.format === 'birth-date') return '1990-05-17';
      if (schema.format === 'date-time') return '2026-11-21T10:00:00Z';
      return 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleFor(schema.items));
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const name of schema.required ?? []) out[name] = sampleFor(schema.properties?.[name]);
      return out;
    }
    default:
      return undefined;
  }
}

/** Routes of the API (not static files, docs or health). */
export function apiRoutes(entries: RouteAccessEntry[]): RouteAccessEntry[] {
  return entries.filter((e) => e.url.startsWith('/api-') && !e.url.startsWith('/api-docs'));
}

/** URL of a route with `:params` filled and the query's required fields set from `overrides` or samples. */
export function buildUrl(entry: RouteAccessEntry, overrides: Record<string, unknown> = {}): string {
  const schema: JsonSchema = entry.schema ?? {};
  const path = entry.url.replace(/:(\w+)/g, (_, name: string) => String(overrides[name] ?? sampleFor(schema.params?.properties?.[name]) ?? '1'));
  const query = schema.querystring as JsonSchema | undefined;
  const params = new URLSearchParams();
  const values: Record<string, unknown> = { ...((sampleFor(query) as Record<string, unknown>) ?? {}) };
  for (const [key, value] of Object.entries(overrides)) if (query?.properties?.[key]) values[key] = value;
  for (const [key, value] of Object.entries(values)) if (value !== undefined) params.set(key, String(value));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** Minimal valid body of a route (or undefined without a body schema). */
export function buildBody(entry: RouteAccessEntry, overrides: Record<string, unknown> = {}): unknown {
  const body = entry.schema?.body as JsonSchema | undefined;
  if (!body) return undefined;
  const sample = sampleFor(body) as Record<string, unknown>;
  for (const [key, value] of Object.entries(overrides)) if (body.properties?.[key]) sample[key] = value;
  return sample;
}
