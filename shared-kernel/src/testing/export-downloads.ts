/** An export request as the server reads it (absent parameters are null; JSON ones parsed). */
export interface ExportRequest {
  path: string;
  format: string | null;
  ids: string | null;
  filtered: unknown;
  sorted: unknown;
}

/** What {@link mockExportDownloads} gives the test. */
export interface ExportDownloads {
  /** The n-th request the page sent (0-based). */
  request: (index: number) => ExportRequest;
  /** The download link's click: called once for every file handed to the browser. */
  saved: jest.SpyInstance;
  /** Puts fetch, URL.createObjectURL and the link click back. */
  restore: () => void;
}

/**
 * Lets the kernel's export helpers (exportSelection / exportFiltered, ExportButtons) run in
 * jsdom: every request is answered by `answer` (default: a small CSV file), blob URLs are faked
 * and the download link's click is recorded instead of navigating.
 * @example
 * const downloads = mockExportDownloads();
 * try {
 *   await user.click(screen.getByRole('button', { name: 'Als CSV exportieren' }));
 *   await waitFor(() => expect(downloads.saved).toHaveBeenCalledTimes(1));
 *   expect(downloads.request(0)).toMatchObject({ path: '/api-student/export-sel', format: 'csv', ids: '3,9' });
 * } finally {
 *   downloads.restore();
 * }
 */
export function mockExportDownloads(
  answer: () => Response = () => new Response('x', { status: 200, headers: { 'content-type': 'text/csv' } }),
): ExportDownloads {
  const fetchSpy = jest.spyOn(globalThis, 'fetch').mockImplementation(async () => answer());
  const createObjectURL = URL.createObjectURL;
  URL.createObjectURL = jest.fn(() => 'blob:export');
  const saved = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  return {
    request: (index) => {
      const { pathname, searchParams } = new URL((fetchSpy.mock.calls[index][0] as Request).url);
      const json = (name: string) => (searchParams.has(name) ? (JSON.parse(searchParams.get(name)!) as unknown) : null);
      return {
        path: pathname,
        format: searchParams.get('format'),
        ids: searchParams.get('ids'),
        filtered: json('filtered'),
        sorted: json('sorted'),
      };
    },
    saved,
    restore: () => {
      fetchSpy.mockRestore();
      saved.mockRestore();
      URL.createObjectURL = createObjectURL;
    },
  };
}
