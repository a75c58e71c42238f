import { fireEvent, render, waitFor } from '@testing-library/react';
import * as L from 'leaflet';
import { StudentMap, type StudentMapProps } from '../components/student-map';

// The real Leaflet map in jsdom. jsdom has no layout and no 2D canvas: the container gets a size
// and the canvas a context that records what is drawn (circle centre and radius, fill colour),
// so the test sees the dots Leaflet paints and can click and hover them like a user.
const markers = [
  { id: 7, lat: 47.07, lng: 15.44, label: 'Max Muster, Graz' },
  { id: 8, lat: 48.21, lng: 16.37, label: 'Lea <b>Lang</b>, Wien' },
];
const BOTH: StudentMapProps['view'] = { kind: 'bounds', bounds: [[47.07, 15.44], [48.21, 16.37]] };

/** A dot as drawn on the canvas. */
interface Dot {
  x: number;
  y: number;
  radius: number;
  fill: string;
}

let drawn: Dot[] = [];

/** A 2D context that notes every circle with the fill colour it gets. */
function recordingContext(): CanvasRenderingContext2D {
  const state: Record<string | symbol, unknown> = {};
  let pending: Omit<Dot, 'fill'> | null = null;
  return new Proxy(state, {
    get: (target, key) => {
      if (key in target) return target[key];
      if (key === 'arc') {
        return (x: number, y: number, radius: number) => {
          pending = { x, y, radius };
        };
      }
      if (key === 'fill') {
        return () => {
          if (pending) drawn.push({ ...pending, fill: String(target.fillStyle) });
          pending = null;
        };
      }
      return () => undefined;
    },
  }) as unknown as CanvasRenderingContext2D;
}

function props(overrides: Partial<StudentMapProps> = {}): StudentMapProps {
  return {
    markers,
    view: BOTH,
    selectedId: null,
    onSelect: jest.fn(),
    tileUrl: '',
    attribution: '',
    label: 'Karte der Schüler',
    enlarged: false,
    ...overrides,
  };
}

let fitBounds: jest.SpyInstance;
/** The Leaflet map the component made (the one fitBounds ran on). */
const theMap = () => fitBounds.mock.contexts[fitBounds.mock.contexts.length - 1] as L.Map;
/** Where a student's dot is on the screen (the container starts at 0,0 in jsdom). */
const screenPoint = (lat: number, lng: number) => theMap().latLngToContainerPoint([lat, lng]);

beforeEach(() => {
  drawn = [];
  jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
  jest.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(recordingContext as never);
  fitBounds = jest.spyOn(L.Map.prototype, 'fitBounds');
});

afterEach(() => jest.restoreAllMocks());

/** The dots of the last complete drawing (Leaflet redraws on the next animation frame). */
async function dotsDrawn(count: number): Promise<Dot[]> {
  let dots: Dot[] = [];
  await waitFor(() => {
    dots = drawn.slice(-count);
    expect(drawn.length).toBeGreaterThanOrEqual(count);
  });
  return dots;
}

describe('StudentMap (Leaflet, canvas)', () => {
  it('applies the view: zoom 17 on one student', () => {
    const setView = jest.spyOn(L.Map.prototype, 'setView');
    render(<StudentMap {...props({ view: { kind: 'point', center: [47.07, 15.44], zoom: 17 } })} />);
    expect(setView).toHaveBeenCalledWith([47.07, 15.44], 17);
  });

  it('fits the box around the students', () => {
    render(<StudentMap {...props()} />);
    expect(fitBounds).toHaveBeenCalledWith(L.latLngBounds([[47.07, 15.44], [48.21, 16.37]]), { padding: [24, 24], maxZoom: 16 });
  });

  it('paints every student as a dot on one canvas, with no element per marker', async () => {
    const { getByRole } = render(<StudentMap {...props()} />);
    const region = getByRole('region', { name: 'Karte der Schüler' });
    expect(region.querySelectorAll('canvas')).toHaveLength(1);
    expect(region.querySelector('.leaflet-marker-icon')).toBeNull();
    const dots = await dotsDrawn(2);
    const max = screenPoint(47.07, 15.44);
    const lea = screenPoint(48.21, 16.37);
    expect(dots).toEqual([
      { x: expect.closeTo(max.x, 0), y: expect.closeTo(max.y, 0), radius: 6, fill: '#1d4ed8' },
      { x: expect.closeTo(lea.x, 0), y: expect.closeTo(lea.y, 0), radius: 6, fill: '#1d4ed8' },
    ]);
  });

  it('paints thousands of students', async () => {
    const many = Array.from({ length: 5000 }, (_, i) => ({ id: i + 1, lat: 47 + (i % 100) / 100, lng: 15 + Math.floor(i / 100) / 50, label: `S${i}` }));
    render(<StudentMap {...props({ markers: many, view: { kind: 'bounds', bounds: [[47, 15], [47.99, 15.98]] } })} />);
    const dots = await dotsDrawn(5000);
    expect(new Set(dots.map((dot) => `${Math.round(dot.x)},${Math.round(dot.y)}`)).size).toBe(5000);
  });

  it('chooses the student whose dot is clicked, also a little beside it', async () => {
    const onSelect = jest.fn();
    const { container } = render(<StudentMap {...props({ onSelect })} />);
    await dotsDrawn(2);
    const canvas = container.querySelector('canvas')!;
    const lea = screenPoint(48.21, 16.37);
    fireEvent.click(canvas, { clientX: lea.x, clientY: lea.y });
    expect(onSelect).toHaveBeenLastCalledWith(8);
    const max = screenPoint(47.07, 15.44);
    fireEvent.click(canvas, { clientX: max.x + 8, clientY: max.y });
    expect(onSelect).toHaveBeenLastCalledWith(7);
    fireEvent.click(canvas, { clientX: (max.x + lea.x) / 2, clientY: (max.y + lea.y) / 2 });
    expect(onSelect).toHaveBeenCalledTimes(2);
  });

  it('shows the name of the hovered student as text', async () => {
    const { container } = render(<StudentMap {...props()} />);
    await dotsDrawn(2);
    const lea = screenPoint(48.21, 16.37);
    fireEvent.mouseMove(container.querySelector('canvas')!, { clientX: lea.x, clientY: lea.y });
    const tooltip = container.querySelector('.leaflet-tooltip');
    expect(tooltip?.textContent).toBe('Lea <b>Lang</b>, Wien');
    expect(tooltip?.querySelector('b')).toBeNull();
  });

  it('paints the chosen student bigger and red, and the one before as before', async () => {
    const { rerender } = render(<StudentMap {...props()} />);
    await dotsDrawn(2);
    const max = screenPoint(47.07, 15.44);
    const lea = screenPoint(48.21, 16.37);
    /** The last dot painted at a place (Leaflet repaints only the part of the canvas that changed). */
    const lastAt = (point: L.Point) => [...drawn].reverse().find((dot) => Math.abs(dot.x - point.x) < 1 && Math.abs(dot.y - point.y) < 1);

    rerender(<StudentMap {...props({ selectedId: 8 })} />);
    await waitFor(() => expect(lastAt(lea)).toEqual(expect.objectContaining({ radius: 10, fill: '#b91c1c' })));
    expect(lastAt(max)).toEqual(expect.objectContaining({ radius: 6, fill: '#1d4ed8' }));

    rerender(<StudentMap {...props({ selectedId: 7 })} />);
    await waitFor(() => expect(lastAt(max)).toEqual(expect.objectContaining({ radius: 10, fill: '#b91c1c' })));
    await waitFor(() => expect(lastAt(lea)).toEqual(expect.objectContaining({ radius: 6, fill: '#1d4ed8' })));
  });

  it('draws the chosen student on top of the others', async () => {
    // Two students at one place: the chosen one is painted last, whichever came first.
    const same = [
      { id: 1, lat: 47.07, lng: 15.44, label: 'A' },
      { id: 2, lat: 47.07, lng: 15.44, label: 'B' },
      { id: 3, lat: 48.21, lng: 16.37, label: 'C' },
    ];
    const onSelect = jest.fn();
    const { rerender, container } = render(<StudentMap {...props({ markers: same, onSelect })} />);
    await dotsDrawn(3);
    const point = screenPoint(47.07, 15.44);
    rerender(<StudentMap {...props({ markers: same, onSelect, selectedId: 1 })} />);
    await waitFor(() => expect(drawn[drawn.length - 1]).toEqual(expect.objectContaining({ radius: 10, fill: '#b91c1c' })));
    // A click there chooses the one on top.
    fireEvent.click(container.querySelector('canvas')!, { clientX: point.x, clientY: point.y });
    expect(onSelect).toHaveBeenLastCalledWith(1);
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
