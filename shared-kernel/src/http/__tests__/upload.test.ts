import { mockXhrUploads, makeAppState, type XhrUploads } from 'shared-kernel/testing';
import { CLIENT_VERSION, HTTPError, TimeoutError, pageReloader, toErrorCode, uploadWithProgress, type UploadProgress } from '../index.js';
import { useSessionStore } from '../../session/index.js';

/** What the upload rejected with (fails the test when it resolved). */
const failureOf = (promise: Promise<unknown>) => promise.then(() => { throw new Error('expected the upload to fail'); }, (error: unknown) => error);

const realReload = pageReloader.reload;
let xhrs: XhrUploads;

beforeEach(() => {
  window.sessionStorage.clear();
  pageReloader.reload = jest.fn();
  xhrs = mockXhrUploads();
});

afterEach(() => {
  xhrs.restore();
  pageReloader.reload = realReload;
});

const form = () => {
  const body = new FormData();
  body.append('file', new File(['x'], 'a.xml'));
  return body;
};

describe('uploadWithProgress', () => {
  it('posts with the client version, an Idempotency-Key (or the caller\'s) and the timeout; reports whole percents; answers the Response', async () => {
    const seen: UploadProgress[] = [];
    const upload = uploadWithProgress('api-fin/bamimport', form(), { onProgress: (p) => seen.push(p), timeout: 5_000, headers: { 'Idempotency-Key': 'own-key' } });
    const xhr = xhrs.last();
    expect([xhr.method, xhr.url, xhr.timeout]).toEqual(['POST', 'http://localhost/api-fin/bamimport', 5_000]);
    expect(xhr.headers).toEqual({ 'x-client-version': CLIENT_VERSION, 'idempotency-key': 'own-key' });
    xhr.progress(1, 3);
    xhr.progress(2, 3);
    xhr.answer(200, { id: 7 });
    const answer = await upload;
    expect(seen.map((p) => p.percent)).toEqual([33, 66, 100]);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('application/json');
    expect(await answer.json()).toEqual({ id: 7 });
  });

  it('throws ky\'s HTTPError for an error answer, so toErrorCode reads the body\'s code', async () => {
    const upload = uploadWithProgress('api-fin/bamimport', form());
    xhrs.last().answer(400, { error: 1001 });
    const error = await failureOf(upload);
    expect(error).toBeInstanceOf(HTTPError);
    expect(await toErrorCode(error)).toBe(1001);
  });

  it('a 401 ends the session; a 412 reloads the page (as http does)', async () => {
    useSessionStore.getState().setAppState(makeAppState());
    const first = uploadWithProgress('api-fin/bamimport', form());
    xhrs.last().answer(401, {});
    expect(await toErrorCode(await failureOf(first))).toBe(2);
    expect(useSessionStore.getState().status).toBe('anonymous');

    const second = uploadWithProgress('api-fin/bamimport', form());
    xhrs.last().answer(412, {});
    await failureOf(second);
    expect(pageReloader.reload).toHaveBeenCalledTimes(1);
  });

  it('a timeout is ky\'s TimeoutError and a network failure a communication error (1)', async () => {
    const slow = uploadWithProgress('api-fin/bamimport', form());
    xhrs.last().ontimeout?.();
    const timeout = await failureOf(slow);
    expect(timeout).toBeInstanceOf(TimeoutError);
    expect(await toErrorCode(timeout)).toBe(1);

    const broken = uploadWithProgress('api-fin/bamimport', form());
    xhrs.last().onerror?.();
    expect(await toErrorCode(await failureOf(broken))).toBe(1);
  });

  it('aborts with the signal', async () => {
    const controller = new AbortController();
    const upload = uploadWithProgress('api-fin/bamimport', form(), { signal: controller.signal });
    controller.abort();
    expect((await failureOf(upload)) as Error).toHaveProperty('name', 'AbortError');
  });
});
