import { HTTPError, TimeoutError } from 'ky';
import { REQUEST_TIMEOUT_MS, appBaseUrl, onAnswerStatus, withProductHeaders } from './client.js';

/** How far an upload's body has gone out: bytes sent of the total, and the whole percent. */
export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0-100, rounded down (100 only when every byte was sent). */
  percent: number;
}

/** Options of {@link uploadWithProgress}. */
export interface UploadOptions {
  /** Called as the body goes out (only when the browser knows the total, which it does for FormData). */
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** Milliseconds for the whole request (upload and answer); the client's 30 s by default. */
  timeout?: number;
  /** Extra headers, e.g. an own Idempotency-Key. */
  headers?: Record<string, string>;
}

/** The response headers of an XMLHttpRequest as a Headers object. */
function answerHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** Statuses whose Response must not carry a body (the constructor throws otherwise). */
const NULL_BODY_STATUS = new Set([101, 204, 205, 304]);

/**
 * POSTs a multipart body with real upload progress. Not through ky: its onUploadProgress
 * streams the body (fetch with duplex 'half'), which Chromium sends only over HTTP/2 or 3, and
 * the product's server speaks HTTP/1.1 (every upload failed, commit 6ec5598). XMLHttpRequest's
 * upload.onprogress measures a plain body. Otherwise it behaves as `http.post`: same
 * headers (client version, Idempotency-Key), same cookies (same origin), 412 reloads and 401 ends
 * the session, an answer >= 400 throws ky's `HTTPError` and a timeout ky's `TimeoutError`, so
 * `toErrorCode` / `errorFields` map failures to the product's error codes unchanged.
 * Resolves with the answer as a fetch `Response`.
 *
 * @example
 * const answer = await uploadWithProgress('api-fin/bamimport', body, { onProgress: (p) => setPercent(p.percent) });
 * const detail = await answer.json();
 */
export function uploadWithProgress(path: string, body: FormData, options: UploadOptions = {}): Promise<Response> {
  const url = new URL(path, appBaseUrl()).href;
  const request = new Request(url, { method: 'POST' });
  return new Promise<Response>((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(options.signal.reason ?? new DOMException('The upload was aborted.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    withProductHeaders(new Headers(options.headers), 'POST').forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.timeout = options.timeout ?? REQUEST_TIMEOUT_MS;
    const abort = () => xhr.abort();
    options.signal?.addEventListener('abort', abort, { once: true });
    const settle = () => options.signal?.removeEventListener('abort', abort);
    if (options.onProgress) {
      const report = options.onProgress;
      let total = 0;
      xhr.upload.onprogress = (event) => {
        if (!event.lengthComputable || event.total <= 0) return;
        total = event.total;
        report({ loaded: event.loaded, total, percent: Math.floor((event.loaded / event.total) * 100) });
      };
      // The body is out (a small one may get no progress event before): 100 %, the server works now.
      xhr.upload.onload = () => report({ loaded: total, total, percent: 100 });
    }
    xhr.onload = () => {
      settle();
      const response = new Response(NULL_BODY_STATUS.has(xhr.status) ? null : xhr.responseText, {
        status: xhr.status,
        statusText: xhr.statusText,
        headers: answerHeaders(xhr.getAllResponseHeaders()),
      });
      onAnswerStatus(url, xhr.status);
      // ky's HTTPError: its options argument is not read by toErrorCode or errorFields.
      if (xhr.status >= 400) reject(new HTTPError(response, request, {} as ConstructorParameters<typeof HTTPError>[2]));
      else resolve(response);
    };
    // As fetch does: a network failure is a TypeError (toErrorCode: communication).
    xhr.onerror = () => {
      settle();
      reject(new TypeError('Failed to upload'));
    };
    xhr.ontimeout = () => {
      settle();
      reject(new TimeoutError(request));
    };
    xhr.onabort = () => {
      settle();
      reject(options.signal?.reason ?? new DOMException('The upload was aborted.', 'AbortError'));
    };
    xhr.send(body);
  });
}
