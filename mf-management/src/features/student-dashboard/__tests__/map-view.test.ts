import { SINGLE_STUDENT_ZOOM, hasCoordinates, mapViewFor } from '../hooks/map-view';

describe('mapViewFor', () => {
  const graz = { id: 1, lat: 47.07, lng: 15.44 };
  const wien = { id: 2, lat: 48.21, lng: 16.37 };

  it('zooms to 17 on the student asked for', () => {
    expect(SINGLE_STUDENT_ZOOM).toBe(17);
    expect(mapViewFor([graz, wien], 'at', 2)).toEqual({ kind: 'point', center: [48.21, 16.37], zoom: 17 });
  });

  it('zooms to 17 when only one student is shown', () => {
    expect(mapViewFor([graz], 'at')).toEqual({ kind: 'point', center: [47.07, 15.44], zoom: 17 });
  });

  it('fits the box around several students', () => {
    expect(mapViewFor([graz, wien], 'at')).toEqual({ kind: 'bounds', bounds: [[47.07, 15.44], [48.21, 16.37]] });
    // A focus id without coordinates falls back to the box.
    expect(mapViewFor([graz, wien], 'at', 99)).toEqual({ kind: 'bounds', bounds: [[47.07, 15.44], [48.21, 16.37]] });
  });

  it('fits the box (south-west, north-east corner) around many students, not a list of them all', () => {
    const linz = { id: 3, lat: 48.31, lng: 14.29 };
    const many = [graz, wien, linz, ...Array.from({ length: 10_000 }, (_, i) => ({ id: 10 + i, lat: 47.5 + (i % 50) / 100, lng: 15 }))];
    expect(mapViewFor(many, 'at')).toEqual({ kind: 'bounds', bounds: [[47.07, 14.29], [48.31, 16.37]] });
  });

  it("shows the school's country when nobody has coordinates", () => {
    expect(mapViewFor([], 'de')).toMatchObject({ kind: 'point', zoom: 6 });
    expect(mapViewFor([], 'at')).toMatchObject({ kind: 'point', zoom: 7 });
  });
});

describe('hasCoordinates', () => {
  it('accepts real coordinates only', () => {
    expect(hasCoordinates({ lat: 47.07, long: 15.44 })).toBe(true);
    expect(hasCoordinates({ lat: 0, long: 0 })).toBe(true);
    expect(hasCoordinates({ lat: null, long: 15.44 })).toBe(false);
    expect(hasCoordinates({ lat: 91, long: 15.44 })).toBe(false);
    expect(hasCoordinates({ lat: Number.NaN, long: 1 })).toBe(false);
  });
});
