import type { PagedListRequest } from 'shared-kernel/contracts';
import { toStudentListRequest } from '../hooks/use-student-list-controller';

const base: PagedListRequest = { page: 2, pageSize: 25, sorted: [], filtered: [] };

describe('toStudentListRequest (URL list state → POST /api-student/list body)', () => {
  it('keeps page, page size and the sort on list fields', () => {
    const body = toStudentListRequest(
      { ...base, sorted: [{ id: 'ln', desc: true }, { id: 'fn', desc: false }] },
      { canSeeBalance: false },
    );
    expect(body).toEqual({ page: 2, pageSize: 25, sorted: [{ id: 'ln', desc: true }, { id: 'fn', desc: false }], filtered: [] });
  });

  it('sends prefix filters only from 2 characters, trimmed', () => {
    const body = toStudentListRequest(
      {
        ...base,
        filtered: [
          { id: 'fn', value: 'M' },
          { id: 'ln', value: ' Mü ' },
          { id: 'mno', value: '1' },
          { id: 'z', value: '80' },
          { id: 'c', value: 'G' },
          { id: 'q', value: 'Gr' },
        ],
      },
      { canSeeBalance: false },
    );
    expect(body.filtered).toEqual([
      { id: 'ln', value: 'Mü' },
      { id: 'z', value: '80' },
      { id: 'q', value: 'Gr' },
    ]);
  });

  it('sends status, division and school filters as positive integers and drops anything else', () => {
    const body = toStudentListRequest(
      {
        ...base,
        filtered: [
          { id: 'sst', value: 2 },
          { id: 'ms', value: [1, 7] },
          { id: 'p', value: '3' },
          { id: 'sid', value: 'x' },
          { id: 'dob', value: '2010-01-01' },
          { id: 'sst_bad', value: 1 },
        ],
      },
      { canSeeBalance: false },
    );
    expect(body.filtered).toEqual([
      { id: 'sst', value: 2 },
      { id: 'ms', value: [1, 7] },
      { id: 'p', value: 3 },
    ]);
    expect(toStudentListRequest({ ...base, filtered: [{ id: 'ms', value: [1, 'a'] }] }, { canSeeBalance: false }).filtered).toEqual([]);
  });

  it('sorts by balance only for users who see it, and never by unknown fields', () => {
    const request = { ...base, sorted: [{ id: 'b', desc: true }, { id: 'photo', desc: false }, { id: 'dob', desc: false }] };
    expect(toStudentListRequest(request, { canSeeBalance: false }).sorted).toEqual([{ id: 'dob', desc: false }]);
    expect(toStudentListRequest(request, { canSeeBalance: true }).sorted).toEqual([{ id: 'b', desc: true }, { id: 'dob', desc: false }]);
  });

  it('sends at most 3 sort keys (the server refuses more)', () => {
    const sorted = ['ln', 'fn', 'dob', 'z', 'c'].map((id) => ({ id, desc: false }));
    expect(toStudentListRequest({ ...base, sorted }, { canSeeBalance: false }).sorted.map((entry) => entry.id)).toEqual(['ln', 'fn', 'dob']);
  });
});
