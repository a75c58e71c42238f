import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../testing';

let chartModuleLoaded = false;
// What the chart registers with apexcharts' core (issue 26: never the full build).
const registered: string[] = [];
jest.mock('apexcharts/bar', () => {
  registered.push('bar');
  return {};
});
jest.mock('apexcharts/line', () => {
  registered.push('line');
  return {};
});
jest.mock('apexcharts/features/legend', () => {
  registered.push('legend');
  return {};
});
jest.mock('apexcharts', () => {
  throw new Error('the full apexcharts build must not be loaded');
});
jest.mock('react-apexcharts', () => {
  throw new Error('the full react-apexcharts build must not be loaded');
});
jest.mock('react-apexcharts/core', () => {
  chartModuleLoaded = true;
  return {
    __esModule: true,
    default: (props: { type: string; series: Array<{ name: string; data: number[] }>; options: { colors: string[] } }) => (
      <div data-testid="apexchart">
        {props.type}:{props.series.map((s) => `${s.name}=${s.data.join('/')}`).join(';')}:{props.options.colors[0]}
      </div>
    ),
  };
});

// Imported after the mock is declared; jest hoists jest.mock above the imports anyway.
import { Chart } from '../index';

describe('Chart', () => {
  it('loads the chart library only when a chart renders and labels the figure', async () => {
    expect(chartModuleLoaded).toBe(false);
    const { user } = renderWithProviders(
      <Chart
        type="bar"
        title="Einnahmen 2026"
        summary="Einnahmen je Monat, höchster Wert im März mit 300 €."
        series={[{ name: 'Einnahmen', data: [100, 200, 300] }]}
        dataTable={{ columns: ['Monat', 'Einnahmen'], rows: [['Januar', '100,00 €'], ['Februar', '200,00 €'], ['März', '300,00 €']] }}
      />,
    );
    const figure = screen.getByRole('figure', { name: 'Einnahmen 2026' });
    expect(within(figure).getByRole('img', { name: 'Einnahmen je Monat, höchster Wert im März mit 300 €.' })).toBeTruthy();
    expect((await screen.findByTestId('apexchart')).textContent).toBe('bar:Einnahmen=100/200/300:#1d4ed8');
    expect(chartModuleLoaded).toBe(true);
    // apexcharts' core with the bar chart and the legend only.
    expect(registered.sort()).toEqual(['bar', 'legend']);

    await user.click(screen.getByText('Daten als Tabelle anzeigen'));
    const table = screen.getByRole('table', { name: 'Daten des Diagramms' });
    expect(within(table).getByRole('rowheader', { name: 'März' })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: '300,00 €' })).toBeTruthy();
  });
});
