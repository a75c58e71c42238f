import { toErrorCode } from 'shared-kernel';
import { loadListLayout, saveListLayout } from '../index';

type FetchMock = jest.Mock<Promise<Response>, [Request]>;

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function mockFetch(respond: (request: Request) => Response | Promise<Response>): FetchMock {
  const fetchMock = jest.fn(async (request: Request) => respond(request)) as FetchMock;
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const columns = [
  { id: 'ln', hide: false, width: 180, pinned: 'left' as const },
  { id: 'photo', hide: true, width: null, pinned: null },
];

describe('the saved list layout', () => {
  it('loads the layout of the named list', async () => {
    const fetchMock = mockFetch(() => answer(200, { columns, version: 4 }));
    expect(await loadListLayout('students')).toEqual({ columns, version: 4 });
    const request = fetchMock.mock.calls[0]![0];
    expect(request.method).toBe('GET');
    expect(new URL(request.url).pathname).toBe('/api-user/list-layout');
    expect(new URL(request.url).searchParams.get('list')).toBe('students');
  });

  it('saves the columns with the version read and answers the next version', async () => {
    let sent: unknown;
    const fetchMock = mockFetch(async (request) => {
      sent = await request.clone().json();
      return answer(200, { success: true, version: 5 });
    });
    expect(await saveListLayout('conclusions', columns, 4)).toBe(5);
    const request = fetchMock.mock.calls[0]![0];
    expect(request.method).toBe('PUT');
    expect(new URL(request.url).pathname).toBe('/api-user/list-layout');
    expect(new URL(request.url).searchParams.get('list')).toBe('conclusions');
    expect(sent).toEqual({ columns, version: 4 });
  });

  it('a stale version rejects with error 9', async () => {
    mockFetch(() => answer(409, { error: 9 }));
    const failure = await saveListLayout('leads', [], 1).catch((error: unknown) => error);
    expect(await toErrorCode(failure)).toBe(9);
  });
});
