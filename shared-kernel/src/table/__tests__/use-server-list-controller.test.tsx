import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import type { PagedListRequest, PagedListResponse } from '../../contracts';
import { useSessionStore } from '../../session';
import { makeAppState } from '../../testing';
import { useServerListController, type ServerListControllerOptions } from '../index';

interface Student {
  id: number;
  ln: string;
}

function fakeServer(total = 60) {
  const all: Student[] = Array.from({ length: total }, (_, i) => ({ id: i + 1, ln: `Name ${i + 1}` }));
  return jest.fn(async (request: PagedListRequest, _signal?: AbortSignal): Promise<PagedListResponse<Student>> => {
    const start = request.page * request.pageSize;
    return {
      rows: all.slice(start, start + request.pageSize),
      total: all.length,
      pages: Math.ceil(all.length / request.pageSize),
    };
  });
}

function setup(route: string, options: Partial<ServerListControllerOptions<Student>> & { fetchPage: ServerListControllerOptions<Student>['fetchPage'] }) {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>;
  return renderHook(
    () => ({ list: useServerListController<Student>(options), location: useLocation(), navigate: useNavigate() }),
    { wrapper },
  );
}

const lastRequest = (fetchPage: jest.Mock) => fetchPage.mock.calls[fetchPage.mock.calls.length - 1][0] as PagedListRequest;

beforeEach(() => {
  useSessionStore.setState({ appState: makeAppState(), status: 'authenticated' });
});

describe('useServerListController', () => {
  it('loads the first page with the defaults and reports the request state', async () => {
    const fetchPage = fakeServer();
    const { result } = setup('/m-student', { fetchPage, initialSort: [{ id: 'ln', desc: false }] });
    expect(result.current.list.state).toBe(-1);
    await waitFor(() => expect(result.current.list.state).toBe(0));
    expect(lastRequest(fetchPage)).toEqual({ page: 0, pageSize: 25, sorted: [{ id: 'ln', desc: false }], filtered: [] });
    expect(result.current.list.rows).toHaveLength(25);
    expect(result.current.list.total).toBe(60);
    expect(result.current.list.pages).toBe(3);
    expect(fetchPage.mock.calls[0][1]).toBeInstanceOf(AbortSignal);
  });

  it('reads page, size, sort and filters from the URL and writes changes back', async () => {
    const fetchPage = fakeServer();
    const { result } = setup('/m-student?page=2&size=10&sort=-ln&f.fn=Mia&fj.st=2', { fetchPage });
    await waitFor(() => expect(result.current.list.state).toBe(0));
    expect(lastRequest(fetchPage)).toEqual({
      page: 1,
      pageSize: 10,
      sorted: [{ id: 'ln', desc: true }],
      filtered: [{ id: 'fn', value: 'Mia' }, { id: 'st', value: 2 }],
    });

    act(() => result.current.list.setPage(2));
    await waitFor(() => expect(lastRequest(fetchPage).page).toBe(2));
    expect(new URLSearchParams(result.current.location.search).get('page')).toBe('3');

    act(() => result.current.list.setSorted([{ id: 'fn', desc: false }]));
    await waitFor(() => expect(lastRequest(fetchPage).sorted).toEqual([{ id: 'fn', desc: false }]));
    expect(lastRequest(fetchPage).page).toBe(0);
    expect(new URLSearchParams(result.current.location.search).get('sort')).toBe('fn');

    act(() => result.current.list.setPageSize(50));
    await waitFor(() => expect(lastRequest(fetchPage).pageSize).toBe(50));
    expect(new URLSearchParams(result.current.location.search).get('size')).toBe('50');
  });

  it('restores the previous page on browser back', async () => {
    const fetchPage = fakeServer();
    const { result } = setup('/m-student', { fetchPage });
    await waitFor(() => expect(result.current.list.state).toBe(0));
    act(() => result.current.list.setPage(1));
    await waitFor(() => expect(lastRequest(fetchPage).page).toBe(1));
    act(() => {
      void result.current.navigate(-1);
    });
    await waitFor(() => expect(result.current.list.page).toBe(0));
    await waitFor(() => expect(lastRequest(fetchPage).page).toBe(0));
  });

  describe('text filters', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('apply from 2 characters after typing pauses and reset the page', async () => {
      const fetchPage = fakeServer();
      const { result } = setup('/m-student?page=3', { fetchPage });
      await act(async () => {});
      expect(lastRequest(fetchPage).page).toBe(2);
      const callsBefore = fetchPage.mock.calls.length;

      act(() => result.current.list.setFilter('ln', 'M'));
      await act(async () => {
        jest.advanceTimersByTime(1000);
      });
      expect(fetchPage.mock.calls.length).toBe(callsBefore);
      expect(result.current.list.filterValue('ln')).toBe('M');
      expect(result.current.list.isFilterTooShort('ln')).toBe(true);

      act(() => result.current.list.setFilter('ln', 'Mu'));
      act(() => result.current.list.setFilter('ln', 'Mue'));
      await act(async () => {
        jest.advanceTimersByTime(299);
      });
      expect(fetchPage.mock.calls.length).toBe(callsBefore);
      await act(async () => {
        jest.advanceTimersByTime(1);
      });
      expect(fetchPage.mock.calls.length).toBe(callsBefore + 1);
      expect(lastRequest(fetchPage)).toMatchObject({ page: 0, filtered: [{ id: 'ln', value: 'Mue' }] });
      expect(new URLSearchParams(result.current.location.search).get('f.ln')).toBe('Mue');
      expect(new URLSearchParams(result.current.location.search).get('page')).toBeNull();

      act(() => result.current.list.setFilter('ln', ''));
      await act(async () => {
        jest.advanceTimersByTime(300);
      });
      expect(lastRequest(fetchPage).filtered).toEqual([]);
    });

    it('apply select values at once', async () => {
      const fetchPage = fakeServer();
      const { result } = setup('/m-student?page=2', { fetchPage });
      await act(async () => {});
      act(() => result.current.list.setFilter('st', 2, { immediate: true }));
      await act(async () => {});
      expect(lastRequest(fetchPage)).toMatchObject({ page: 0, filtered: [{ id: 'st', value: 2 }] });
    });
  });

  it('shows the error code and recovers on reload', async () => {
    const server = fakeServer();
    const fetchPage = jest.fn(async (request: PagedListRequest, signal: AbortSignal) => server(request, signal));
    fetchPage.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { result } = setup('/m-student', { fetchPage });
    await waitFor(() => expect(result.current.list.state).toBe(1));
    act(() => result.current.list.reload());
    await waitFor(() => expect(result.current.list.state).toBe(0));
    expect(result.current.list.rows).toHaveLength(25);
  });

  it('reloads when the session school filter changes, keeps local state without URL', async () => {
    const fetchPage = fakeServer();
    const { result } = setup('/m-student', { fetchPage, urlState: false });
    await waitFor(() => expect(result.current.list.state).toBe(0));
    act(() => result.current.list.setPage(1));
    await waitFor(() => expect(lastRequest(fetchPage).page).toBe(1));
    expect(result.current.location.search).toBe('');
    act(() => result.current.list.setSelection([3, 4]));
    expect(result.current.list.selection).toEqual([3, 4]);
    const calls = fetchPage.mock.calls.length;
    act(() => useSessionStore.getState().setFilter([2]));
    await waitFor(() => expect(fetchPage.mock.calls.length).toBe(calls + 1));
    expect(result.current.list.selection).toEqual([]);
  });

  it('steps back when the page lies beyond the last one', async () => {
    const fetchPage = fakeServer(30);
    const { result } = setup('/m-student?page=9', { fetchPage });
    await waitFor(() => expect(result.current.list.state).toBe(0));
    expect(result.current.list.page).toBe(1);
    expect(result.current.list.rows).toHaveLength(5);
  });

  it('keeps showing a typed filter until the URL holds it (no render shows the old value)', async () => {
    const fetchPage = fakeServer();
    const shown: unknown[] = [];
    const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={['/m-student']}>{children}</MemoryRouter>;
    const { result } = renderHook(
      () => {
        const list = useServerListController<Student>({ fetchPage, debounceMs: 0 });
        shown.push(list.filterValue('ln'));
        return { list, location: useLocation() };
      },
      { wrapper },
    );
    await waitFor(() => expect(result.current.list.state).toBe(0));
    shown.length = 0;
    act(() => result.current.list.setFilter('ln', 'Na'));
    // The router renders the new URL after the draft's own update: in between the input must
    // still show what was typed, or a key typed then lands on the old value.
    await waitFor(() => expect(result.current.location.search).toBe('?f.ln=Na'));
    await waitFor(() => expect(lastRequest(fetchPage).filtered).toEqual([{ id: 'ln', value: 'Na' }]));
    expect(shown.length).toBeGreaterThan(1);
    expect(shown.every((value) => value === 'Na')).toBe(true);

    // A trailing space applies nothing new; the typed text stays until it is trimmed away.
    act(() => result.current.list.setFilter('ln', 'Na '));
    await waitFor(() => expect(result.current.list.filterValue('ln')).toBe('Na'));
    expect(result.current.location.search).toBe('?f.ln=Na');
  });
});
