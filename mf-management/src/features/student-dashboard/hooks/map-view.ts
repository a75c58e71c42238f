/** Zoom of the map when it shows one student (spec 001 §9). */
export const SINGLE_STUDENT_ZOOM = 17;

/** A student's position on the map. */
export interface MapPoint {
  id: number;
  lat: number;
  lng: number;
}

/** Where the map looks: one point at a zoom, or the box around several points. */
export type MapView =
  | { kind: 'point'; center: [number, number]; zoom: number }
  | { kind: 'bounds'; bounds: [number, number][] };

/** Centre of the country when no student has coordinates. */
const COUNTRY_VIEW: Record<'at' | 'de', MapView> = {
  at: { kind: 'point', center: [47.6, 13.8], zoom: 7 },
  de: { kind: 'point', center: [51.2, 10.4], zoom: 6 },
};

/** Whether a latitude/longitude pair can be put on a map. */
export function hasCoordinates<T extends { lat: number | null; long: number | null }>(
  value: T,
): value is T & { lat: number; long: number } {
  return (
    typeof value.lat === 'number' && typeof value.long === 'number' &&
    Number.isFinite(value.lat) && Number.isFinite(value.long) &&
    Math.abs(value.lat) <= 90 && Math.abs(value.long) <= 180
  );
}

/**
 * The view of the student map: zoom 17 on one student (the one asked for, or the only one
 * found); otherwise the box around every student (south-west and north-east corner, one pass
 * over the points however many there are); the country when nobody has coordinates.
 * @example mapViewFor([{ id: 7, lat: 47.07, lng: 15.44 }], 'at') // { kind: 'point', center: [47.07, 15.44], zoom: 17 }
 */
export function mapViewFor(points: readonly MapPoint[], country: 'at' | 'de', focusId?: number | null): MapView {
  const focus = focusId === undefined || focusId === null ? undefined : points.find((point) => point.id === focusId);
  const single = focus ?? (points.length === 1 ? points[0] : undefined);
  if (single) return { kind: 'point', center: [single.lat, single.lng], zoom: SINGLE_STUDENT_ZOOM };
  if (points.length === 0) return COUNTRY_VIEW[country] ?? COUNTRY_VIEW.at;
  let [south, west, north, east] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const { lat, lng } of points) {
    south = Math.min(south, lat);
    north = Math.max(north, lat);
    west = Math.min(west, lng);
    east = Math.max(east, lng);
  }
  return { kind: 'bounds', bounds: [[south, west], [north, east]] };
}
