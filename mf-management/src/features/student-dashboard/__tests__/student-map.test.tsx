import { fireEvent, render } from '@testing-library/react';
import * as L from 'leaflet';
import { StudentMap, type StudentMapProps } from '../components/student-map';

// The real Leaflet map in jsdom (no layout: sizes are 0, but markers, events and views work).
const markers = [
  { id: 7, lat: 47.07, lng: 15.44, label: 'Max Muster, Graz' },
  { id: 8, lat: 48.21, lng: 16.37, label: 'Lea Lang, Wien' },
];

function props(overrides: Partial<StudentMapProps> = {}): StudentMapProps {
  return {
    markers,
    view: { kind: 'point', center: [47.07, 15.44], zoom: 17 },
    selectedId: null,
    onSelect: jest.fn(),
    tileUrl: '',
    attribution: '',
    label: 'Karte der Schüler',
    enlarged: false,
    ...overrides,
  };
}

afterEach(() => jest.restoreAllMocks());

describe('StudentMap (Leaflet)', () => {
  it('applies the view: zoom 17 on one student', () => {
    const setView = jest.spyOn(L.Map.prototype, 'setView');
    render(<StudentMap {...props()} />);
    expect(setView).toHaveBeenCalledWith([47.07, 15.44], 17);
  });

  it('puts keyboard-reachable, labelled markers on the map; Enter or a click chooses a student', () => {
    const onSelect = jest.fn();
    const { getByRole } = render(<StudentMap {...props({ onSelect })} />);
    const region = getByRole('region', { name: 'Karte der Schüler' });
    const max = region.querySelector<HTMLElement>('[aria-label="Max Muster, Graz"]')!;
    expect(max.getAttribute('role')).toBe('button');
    expect(max.tabIndex).toBe(0);
    fireEvent.keyDown(max, { key: 'Enter' });
    expect(onSelect).toHaveBeenLastCalledWith(7);
    fireEvent.keyDown(max, { key: 'a' });
    expect(onSelect).toHaveBeenCalledTimes(1);
    fireEvent.click(region.querySelector<HTMLElement>('[aria-label="Lea Lang, Wien"]')!);
    expect(onSelect).toHaveBeenLastCalledWith(8);
  });

  it('marks the chosen student in place (keeping the focused element)', () => {
    const { container, rerender } = render(<StudentMap {...props()} />);
    const lea = container.querySelector<HTMLElement>('[aria-label="Lea Lang, Wien"]')!;
    expect(lea.getAttribute('aria-current')).toBeNull();
    rerender(<StudentMap {...props({ selectedId: 8 })} />);
    expect(container.querySelector('[aria-label="Lea Lang, Wien"]')).toBe(lea);
    expect(lea.getAttribute('aria-current')).toBe('true');
    expect(lea.className).toContain('markerSelected');
  });

  it('starts with a chosen student (the single-student map) without errors', () => {
    const { container } = render(<StudentMap {...props({ markers: [markers[0]], selectedId: 7 })} />);
    expect(container.querySelector('[aria-label="Max Muster, Graz"]')?.getAttribute('aria-current')).toBe('true');
  });

  it('adds the configured tile layer with its attribution, and none without a URL', () => {
    const { container, unmount } = render(<StudentMap {...props()} />);
    expect(container.querySelector('.leaflet-tile-pane')?.children.length).toBe(0);
    unmount();
    const withTiles = render(<StudentMap {...props({ tileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png', attribution: '© Example' })} />);
    expect(withTiles.container.querySelector('.leaflet-tile-pane')?.children.length).toBe(1);
    expect(withTiles.container.querySelector('.leaflet-control-attribution')?.textContent).toContain('© Example');
  });
});
