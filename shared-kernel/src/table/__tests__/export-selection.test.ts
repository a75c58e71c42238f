import { exportFiltered, exportFilteredUrl, exportSelection, exportSelectionUrl } from '../index';

describe('exportSelection', () => {
  const originalCreate = URL.createObjectURL;
  const originalRevoke = URL.revokeObjectURL;
  afterEach(() => {
    jest.restoreAllMocks();
    URL.createObjectURL = originalCreate;
    URL.revokeObjectURL = originalRevoke;
  });

  it('builds the query with ids and format and keeps an existing query', () => {
    expect(exportSelectionUrl({ url: '/api-student/export', ids: [1, 2, 30], format: 'csv' })).toBe(
      'api-student/export?ids=1%2C2%2C30&format=csv',
    );
    expect(exportSelectionUrl({ url: 'api-fin/dd?year=2026', ids: ['a'], format: 'xlsx' })).toBe(
      'api-fin/dd?year=2026&ids=a&format=xlsx',
    );
  });

  it('downloads the answer under the server file name with the client header', async () => {
    const fetchSpy = jest.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response('id;name\n1;Mia\n', {
        status: 200,
        headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="schueler.csv"' },
      }),
    );
    URL.createObjectURL = jest.fn(() => 'blob:export');
    URL.revokeObjectURL = jest.fn();
    const clicked: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.download} ${this.getAttribute('href')}`);
    });

    await expect(exportSelection({ url: 'api-student/export', ids: [4, 5], format: 'csv' })).resolves.toBe(0);
    const request = fetchSpy.mock.calls[0][0] as Request;
    expect(request.url).toMatch(/\/api-student\/export\?ids=4%2C5&format=csv$/);
    expect(request.headers.get('X-Client-Version')).toBeTruthy();
    expect(clicked).toEqual(['schueler.csv blob:export']);
  });

  it('answers the error code instead of downloading an error page', async () => {
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ error: 3 }), { status: 403, headers: { 'content-type': 'application/json' } }),
    );
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click');
    await expect(exportSelection({ url: 'api-student/export', ids: [4], format: 'xlsx' })).resolves.toBe(3);
    expect(click).not.toHaveBeenCalled();
  });

  it('exports every row the filters match with the list sort', async () => {
    expect(exportFilteredUrl({ url: '/api-fin/export-il-sel', filtered: [], format: 'csv' })).toBe('api-fin/export-il-sel?filtered=%5B%5D&format=csv');
    const fetchSpy = jest.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response('x', { status: 200, headers: { 'content-type': 'text/csv' } }),
    );
    URL.createObjectURL = jest.fn(() => 'blob:export');
    URL.revokeObjectURL = jest.fn();
    const clicked: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const filtered = [{ id: 'pd', value: { from: '2026-03-01' } }, { id: 'pm', value: 3 }];
    await expect(
      exportFiltered({ url: 'api-fin/export-il-sel', filtered, sorted: [{ id: 'pd', desc: true }], format: 'xlsx' }),
    ).resolves.toBe(0);
    const url = new URL((fetchSpy.mock.calls[0][0] as Request).url);
    expect(url.pathname).toMatch(/\/api-fin\/export-il-sel$/);
    expect(JSON.parse(url.searchParams.get('filtered') ?? '')).toEqual(filtered);
    expect(JSON.parse(url.searchParams.get('sorted') ?? '')).toEqual([{ id: 'pd', desc: true }]);
    expect(url.searchParams.get('format')).toBe('xlsx');
    expect(clicked).toEqual(['export.xlsx']);
  });
});
