import { makeAppState } from 'shared-kernel/testing';
import {
  CLIENT_VERSION, HTTPError, IDEMPOTENCY_KEY_HEADER, RELOAD_MIN_INTERVAL_MS, RELOAD_STAMP_KEY, TimeoutError, http, pageReloader,
  errorFields, newIdempotencyKey, toErrorCode,
} from '../index.js';
import { useSessionStore } from '../../session/index.js';

type FetchMock = jest.Mock<Promise<Response>, [Request]>;

function answer(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
  });
}

function mockFetch(respond: (request: Request) => Promise<Response> | Response): FetchMock {
  const fetchMock = jest.fn(async (request: Request) => respond(request)) as FetchMock;
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the request to fail');
}

const realFetch = globalThis.fetch;
const realReload = pageReloader.reload;

beforeEach(() => {
  window.sessionStorage.clear();
  pageReloader.reload = jest.fn();
});

afterEach(() => {
  globalThis.fetch = realFetch;
  pageReloader.reload = realReload;
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('http client', () => {
  it('sends X-Client-Version on every request, whatever the method', async () => {
    const fetchMock = mockFetch(() => answer(200, { ok: true }));
    await http.get('api-reminder/upcoming').json();
    await http.post('api-base/filter', { json: { name: 'schools', value: [1] } }).json();
    await http.put('api-user/cpw', { searchParams: { id: 1 }, json: {} }).json();
    await http.delete('api-lead/data', { searchParams: { id: 3 } }).json();
    // An options object that sets headers to undefined or to others keeps it (ky replaces the
    // instance's headers then; the server refuses a write without it with 403).
    await http.post('api-student/gi', { searchParams: { stid: 1 }, headers: undefined }).json();
    await http.post('api-student/gi', { searchParams: { stid: 1 }, headers: { 'Idempotency-Key': 'k' } }).json();
    expect(fetchMock).toHaveBeenCalledTimes(6);
    for (const [request] of fetchMock.mock.calls) {
      expect(request.headers.get('X-Client-Version')).toBe(CLIENT_VERSION);
    }
    expect(CLIENT_VERSION).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('sends an Idempotency-Key with every POST (a fresh one, or the caller\'s), none with other methods', async () => {
    const fetchMock = mockFetch(() => answer(200, { ok: true }));
    await http.post('api-fin/income', { json: { amount: 100 } }).json();
    await http.post('api-fin/income', { json: { amount: 100 } }).json();
    await http.post('api-fin/income', { json: { amount: 100 }, headers: { [IDEMPOTENCY_KEY_HEADER]: 'attempt-key-1' } }).json();
    await http.get('api-fin/income', { searchParams: { id: 1 } }).json();
    await http.put('api-fin/income', { searchParams: { id: 1 }, json: {} }).json();
    const keys = fetchMock.mock.calls.map(([request]) => request.headers.get('Idempotency-Key'));
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys.slice(2)).toEqual(['attempt-key-1', null, null]);
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
  });

  it('resolves paths against the app base', async () => {
    const fetchMock = mockFetch(() => answer(200, []));
    await http.get('api-reminder/upcoming', { searchParams: { a: 1 } }).json();
    expect(fetchMock.mock.calls[0][0].url).toBe(`${window.location.origin}/api-reminder/upcoming?a=1`);
  });

  it('gives up after 30 seconds with a timeout that maps to code 1', async () => {
    jest.useFakeTimers();
    mockFetch((request) => new Promise((_resolve, reject) => {
      request.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    }));
    const result = failureOf(http.get('api-fin/dash'));
    let settled = false;
    void result.then(() => {
      settled = true;
    });
    await jest.advanceTimersByTimeAsync(29_999);
    expect(settled).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    const error = await result;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(await toErrorCode(error)).toBe(1);
  });

  it('reloads the page on 412 once, not again within five minutes, and again after', async () => {
    mockFetch(() => answer(412, { error: 1 }));
    const now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
    expect(await toErrorCode(await failureOf(http.get('api-x')))).toBe(1);
    expect(pageReloader.reload).toHaveBeenCalledTimes(1);
    expect(window.sessionStorage.getItem(RELOAD_STAMP_KEY)).toBe('1000000');

    now.mockReturnValue(1_000_000 + RELOAD_MIN_INTERVAL_MS - 1);
    await failureOf(http.post('api-y'));
    await failureOf(http.get('api-z'));
    expect(pageReloader.reload).toHaveBeenCalledTimes(1);

    now.mockReturnValue(1_000_000 + RELOAD_MIN_INTERVAL_MS + 1);
    await failureOf(http.get('api-x'));
    expect(pageReloader.reload).toHaveBeenCalledTimes(2);
  });

  it('clears the session on a 401 of an authenticated call, not on a failed login', async () => {
    useSessionStore.getState().setAppState(makeAppState());
    mockFetch(() => answer(401, { error: 2 }));
    await failureOf(http.post('api-auth/login', { json: { username: 'a', password: 'b' } }));
    expect(useSessionStore.getState().status).toBe('authenticated');
    // A wrong proof when linking the account answers 401 too: the session lives on.
    await failureOf(http.post('api-user/link', { json: { mno: 'AT-1', dob: '1979-03-14', password: 'b' } }));
    expect(useSessionStore.getState().status).toBe('authenticated');
    await failureOf(http.get('api-reminder/upcoming'));
    expect(useSessionStore.getState().status).toBe('anonymous');
    expect(useSessionStore.getState().appState).toBeNull();
  });
});

describe('toErrorCode', () => {
  it.each([
    [400, { error: 4, fields: { pw: 'form.pw_min' } }, 4],
    [409, { error: 1006 }, 1006],
    [403, { error: 7 }, 7],
    [503, { error: 1 }, 1],
    [401, undefined, 2],
    [403, undefined, 3],
    [404, undefined, 3],
    [412, undefined, 1],
    [500, undefined, 8],
    [502, 'Bad gateway', 8],
    // A number outside the catalogue is no code to show: fall back to the status.
    [500, { error: 99999 }, 8],
  ])('status %i with body %j -> %i', async (status, body, code) => {
    mockFetch(() => answer(status, body));
    const error = await failureOf(http.get('api-anything'));
    expect(error).toBeInstanceOf(HTTPError);
    expect(await toErrorCode(error)).toBe(code);
  });

  it('maps a network failure to 1', async () => {
    mockFetch(() => Promise.reject(new TypeError('fetch failed')));
    expect(await toErrorCode(await failureOf(http.get('api-anything')))).toBe(1);
  });
});

describe('errorFields', () => {
  it("answers a 400's field messages for the form", async () => {
    mockFetch(() => answer(400, { error: 4, fields: { username: 'form.username_taken', role_id: 'form.required', junk: 5 } }));
    expect(await errorFields(await failureOf(http.post('api-user/data', { json: {} })))).toEqual({
      username: 'form.username_taken', role_id: 'form.required',
    });
  });

  it.each([
    [400, { error: 4 }],
    [400, 'not json'],
    [409, { error: 9, fields: { x: 'form.invalid' } }],
  ])('null for status %i with body %j', async (status, body) => {
    mockFetch(() => answer(status, body));
    expect(await errorFields(await failureOf(http.get('api-anything')))).toBeNull();
  });

  it('null for a network failure', async () => {
    mockFetch(() => Promise.reject(new TypeError('fetch failed')));
    expect(await errorFields(await failureOf(http.get('api-anything')))).toBeNull();
  });
});
