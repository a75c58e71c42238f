/**
 * A stand-in for the browser's XMLHttpRequest (jsdom's would really send): records what an
 * upload (the kernel's uploadWithProgress) sends and lets the test report the upload's
 * progress and the server's answer.
 */
export class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  timeout = 0;
  status = 0;
  statusText = '';
  responseText = '';
  body: unknown = null;
  headers: Record<string, string> = {};
  responseHeaders = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null; onload: (() => void) | null } = { onprogress: null, onload: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  getAllResponseHeaders() {
    return this.responseHeaders;
  }
  /** The browser reports `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  /** The whole body is out. */
  sent() {
    this.upload.onload?.();
  }
  /** The whole body is out, then the server answers. */
  answer(status: number, body: unknown) {
    this.sent();
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.responseHeaders = 'content-type: application/json; charset=utf-8\r\n';
    this.onload?.();
  }
}

/** The installed fake: the last request made, and putting the real XMLHttpRequest back. */
export interface XhrUploads {
  /** The last XMLHttpRequest created (throws when none was). */
  last: () => FakeXhr;
  restore: () => void;
}

/**
 * Replaces XMLHttpRequest by {@link FakeXhr} until `restore()`.
 * @example
 * const xhrs = mockXhrUploads(); ...; act(() => xhrs.last().progress(300, 1000)); xhrs.restore();
 */
export function mockXhrUploads(): XhrUploads {
  const real = globalThis.XMLHttpRequest;
  FakeXhr.last = null;
  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  return {
    last: () => {
      if (!FakeXhr.last) throw new Error('no XMLHttpRequest was made');
      return FakeXhr.last;
    },
    restore: () => {
      globalThis.XMLHttpRequest = real;
    },
  };
}
