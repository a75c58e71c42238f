import 'leaflet/dist/leaflet.css';
import * as L from 'leaflet';
import { useEffect, useRef } from 'react';
import type { MapView } from '../hooks/map-view.js';
import styles from './student-map.module.css';

/** A student on the map. */
export interface StudentMapMarker {
  id: number;
  lat: number;
  lng: number;
  /** Tooltip of the marker, e.g. 'Max Muster, Graz'. */
  label: string;
}

/** Props of {@link StudentMap}. */
export interface StudentMapProps {
  markers: StudentMapMarker[];
  view: MapView;
  selectedId: number | null;
  onSelect: (id: number) => void;
  /** Tile URL template ({z}/{x}/{y}); '' draws the markers without a background. */
  tileUrl: string;
  attribution: string;
  /** Accessible name of the map. */
  label: string;
  /** Changes of the map's size (enlarge/shrink) make Leaflet measure again. */
  enlarged: boolean;
}

/** Radius in px of a student's dot, and of the chosen student's (bigger: not colour alone). */
const DOT_RADIUS = 6;
const SELECTED_RADIUS = 10;
/** Extra px around a dot that still count as a click on it (small dots on touch screens). */
const CLICK_TOLERANCE = 4;

/** Colours of the dots: the design tokens, read from the page (a canvas cannot use CSS variables). */
interface DotColours {
  fill: string;
  ring: string;
  selected: string;
}

function dotColours(element: HTMLElement): DotColours {
  const style = getComputedStyle(element);
  const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    fill: token('--sbo-color-primary', '#1d4ed8'),
    ring: token('--sbo-color-surface', '#ffffff'),
    selected: token('--sbo-color-danger', '#b91c1c'),
  };
}

function dotStyle(colours: DotColours, selected: boolean): L.CircleMarkerOptions {
  return selected
    ? { radius: SELECTED_RADIUS, color: colours.ring, weight: 3, fillColor: colours.selected, fillOpacity: 1 }
    : { radius: DOT_RADIUS, color: colours.ring, weight: 1.5, fillColor: colours.fill, fillOpacity: 0.9 };
}

/** The student a dot stands for. */
type StudentDot = L.CircleMarker & { studentId: number; studentLabel: string };

/**
 * The Leaflet map of the student dashboard: one dot per student, drawn on one canvas
 * (preferCanvas) so that tens of thousands stay fast; a click chooses a student, hovering shows
 * the name; the chosen one is bigger and red and comes into view. A canvas has no elements to
 * focus: the keyboard way to the students is the list beside the map. Tiles and their
 * attribution come from the server configuration.
 */
export function StudentMap({ markers, view, selectedId, onSelect, tileUrl, attribution, label, enlarged }: StudentMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const groupRef = useRef<L.FeatureGroup | null>(null);
  const coloursRef = useRef<DotColours | null>(null);
  const dotsRef = useRef(new Map<number, StudentDot>());
  /** The dot drawn as chosen (restyled in place: restyling every dot would cost with many). */
  const shownSelectedRef = useRef<StudentDot | null>(null);
  const onSelectRef = useRef(onSelect);
  useEffect(() => {
    onSelectRef.current = onSelect;
  });

  // One Leaflet map for the component's life.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    coloursRef.current = dotColours(container);
    const map = L.map(container, {
      zoomControl: true,
      attributionControl: true,
      worldCopyJump: true,
      preferCanvas: true,
      renderer: L.canvas({ tolerance: CLICK_TOLERANCE }),
    });
    mapRef.current = map;
    const group = L.featureGroup().addTo(map);
    group.on('click', (event: L.LeafletMouseEvent) => {
      const dot = event.propagatedFrom as StudentDot;
      onSelectRef.current(dot.studentId);
    });
    // One tooltip for all dots. Its text node keeps names as text (a string would be HTML).
    group.bindTooltip(
      (layer) => {
        const span = document.createElement('span');
        span.textContent = (layer as StudentDot).studentLabel;
        return span;
      },
      { direction: 'top', offset: [0, -DOT_RADIUS] },
    );
    groupRef.current = group;
    const dots = dotsRef.current;
    return () => {
      map.remove();
      mapRef.current = null;
      groupRef.current = null;
      dots.clear();
      shownSelectedRef.current = null;
    };
  }, []);

  // The view first: Leaflet draws layers and answers getBounds() only once the map has one.
  const viewKey = JSON.stringify(view);
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const next = JSON.parse(viewKey) as MapView;
    if (next.kind === 'point') map.setView(next.center, next.zoom);
    else map.fitBounds(L.latLngBounds(next.bounds), { padding: [24, 24], maxZoom: 16 });
  }, [viewKey]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !tileUrl) return;
    const tiles = L.tileLayer(tileUrl, { attribution, maxZoom: 19 }).addTo(map);
    return () => {
      tiles.remove();
    };
  }, [tileUrl, attribution]);

  useEffect(() => {
    const group = groupRef.current;
    const colours = coloursRef.current;
    if (!group || !colours) return;
    group.closeTooltip();
    group.clearLayers();
    dotsRef.current.clear();
    shownSelectedRef.current = null;
    const style = dotStyle(colours, false);
    for (const entry of markers) {
      const dot = L.circleMarker([entry.lat, entry.lng], style) as StudentDot;
      dot.studentId = entry.id;
      dot.studentLabel = entry.label;
      group.addLayer(dot);
      dotsRef.current.set(entry.id, dot);
    }
  }, [markers]);

  // Draw the chosen student as chosen (on top) and bring it into view.
  useEffect(() => {
    const map = mapRef.current;
    const colours = coloursRef.current;
    if (!map || !colours) return;
    const chosen = selectedId === null ? undefined : dotsRef.current.get(selectedId);
    const before = shownSelectedRef.current;
    if (before && before !== chosen) before.setStyle(dotStyle(colours, false));
    shownSelectedRef.current = chosen ?? null;
    if (!chosen) return;
    chosen.setStyle(dotStyle(colours, true));
    chosen.bringToFront();
    map.whenReady(() => {
      if (!map.getBounds().contains(chosen.getLatLng())) map.panTo(chosen.getLatLng());
    });
  }, [selectedId, markers]);

  useEffect(() => {
    mapRef.current?.invalidateSize();
  }, [enlarged]);

  return <div ref={containerRef} className={styles.map} role="region" aria-label={label} />;
}
