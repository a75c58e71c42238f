import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** A request as tests write it (the shape of Fastify's inject options). */
export interface TestRequest {
  method: string;
  url: string;
  headers?: Record<string, string | undefined>;
  /** An object/array is sent as JSON; a string or Buffer as is (content-type from headers). */
  payload?: unknown;
}

/** A cookie from a Set-Cookie header. */
export interface ResponseCookie {
  name: string;
  value: string;
  path?: string;
  maxAge?: number;
  expires?: Date;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: string;
}

/** What a test sees of an answer. */
export interface TestResponse {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  rawPayload: Buffer;
  json<T = any>(): T;
  cookies: ResponseCookie[];
}

function parseSetCookie(header: string): ResponseCookie {
  const [pair, ...attributes] = header.split(';');
  const eq = pair.indexOf('=');
  const cookie: ResponseCookie = { name: pair.slice(0, eq).trim(), value: decodeURIComponent(pair.slice(eq + 1).trim()) };
  for (const attribute of attributes) {
    const [rawKey, ...rest] = attribute.trim().split('=');
    const key = rawKey.toLowerCase();
    const value = rest.join('=');
    if (key === 'path') cookie.path = value;
    else if (key === 'max-age') cookie.maxAge = Number(value);
    else if (key === 'expires') cookie.expires = new Date(value);
    else if (key === 'httponly') cookie.httpOnly = true;
    else if (key === 'secure') cookie.secure = true;
    else if (key === 'samesite') cookie.sameSite = value;
  }
  return cookie;
}

/**
 * Sends requests to the app over a real socket (Fastify's inject needs an ESM-only module
 * that jest cannot load on Node 20; a socket is also closer to what a browser does).
 */
export async function listenForTests(app: FastifyInstance): Promise<(req: TestRequest) => Promise<TestResponse>> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return (req) =>
    new Promise<TestResponse>((resolve, reject) => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers ?? {})) if (value !== undefined) headers[name.toLowerCase()] = value;
      let body: Buffer | undefined;
      if (req.payload !== undefined) {
        if (Buffer.isBuffer(req.payload)) body = req.payload;
        else if (typeof req.payload === 'string') body = Buffer.from(req.payload);
        else {
          body = Buffer.from(JSON.stringify(req.payload));
          headers['content-type'] ??= 'application/json';
        }
        headers['content-length'] = String(body.length);
      }
      const outgoing = httpRequest({ host: '127.0.0.1', port, method: req.method, path: req.url, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const text = raw.toString('utf8');
          const setCookie = res.headers['set-cookie'] ?? [];
          resolve({
            statusCode: res.statusCode ?? 0,
            headers: res.headers,
            body: text,
            rawPayload: raw,
            json: () => JSON.parse(text),
            cookies: setCookie.map(parseSetCookie),
          });
        });
      });
      outgoing.on('error', reject);
      outgoing.end(body);
    });
}
