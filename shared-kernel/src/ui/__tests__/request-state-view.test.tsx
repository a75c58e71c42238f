import { screen } from '@testing-library/react';
import { DataPanel, PlainTable, RequestStateView } from '../index';
import { renderWithProviders } from '../../testing';

const rowsTable = (rows: string[]) => (
  <PlainTable aria-label="Namen">
    <tbody>
      {rows.map((row) => (
        <tr key={row}>
          <th scope="row">{row}</th>
        </tr>
      ))}
    </tbody>
  </PlainTable>
);

describe('RequestStateView', () => {
  it('shows the spinner on the first load, the rows when loaded, and keeps them during a reload', () => {
    const onRetry = jest.fn();
    const { rerender } = renderWithProviders(<RequestStateView state={-1} data={null} onRetry={onRetry} emptyText="Keine Namen">{rowsTable}</RequestStateView>);
    expect(screen.getByRole('status')).toBeTruthy();
    rerender(<RequestStateView state={0} data={['Anna', 'Ben']} onRetry={onRetry} emptyText="Keine Namen">{rowsTable}</RequestStateView>);
    expect(screen.getByRole('table', { name: 'Namen' })).toBeTruthy();
    expect(screen.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Anna', 'Ben']);
    rerender(<RequestStateView state={-1} data={['Anna', 'Ben']} onRetry={onRetry} emptyText="Keine Namen">{rowsTable}</RequestStateView>);
    expect(screen.getByRole('table', { name: 'Namen' })).toBeTruthy();
  });

  it('says so when there are no rows, and offers retry on failure', async () => {
    const onRetry = jest.fn();
    const { rerender, user } = renderWithProviders(<RequestStateView state={0} data={[]} onRetry={onRetry} emptyText="Keine Namen">{rowsTable}</RequestStateView>);
    expect(screen.getByText('Keine Namen')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    rerender(<RequestStateView state={1} data={['Anna']} onRetry={onRetry} emptyText="Keine Namen">{rowsTable}</RequestStateView>);
    expect(screen.getByRole('alert').textContent).toContain('Kommunikationsfehler');
    expect(screen.queryByRole('table')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

describe('DataPanel', () => {
  it('is a titled region around the same states (error heading one level below the title)', () => {
    renderWithProviders(<DataPanel title="Namen der Schule" state={8} data={null} onRetry={jest.fn()} emptyText="Keine Namen">{rowsTable}</DataPanel>);
    expect(screen.getByRole('region', { name: 'Namen der Schule' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Fehler' })).toBeTruthy();
  });
});
