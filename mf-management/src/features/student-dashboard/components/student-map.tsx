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
  /** Accessible name and tooltip of the marker, e.g. 'Max Muster, Graz'. */
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

const MARKER_ICON_SIZE: [number, number] = [18, 18];

/** Marks the chosen student's marker in place (a new icon element would drop the keyboard focus). */
function showSelected(marker: L.Marker, selected: boolean): void {
  const element = marker.getElement();
  element?.classList.toggle(styles.markerSelected, selected);
  if (selected) element?.setAttribute('aria-current', 'true');
  else element?.removeAttribute('aria-current');
  marker.setZIndexOffset(selected ? 1000 : 0);
}

/**
 * The Leaflet map of the student dashboard: one marker per student (keyboard reachable: Tab to a
 * marker, Enter or Space chooses it), the chosen one highlighted, the view from {@link MapView}. Tiles and
 * their attribution come from the server configuration.
 */
export function StudentMap({ markers, view, selectedId, onSelect, tileUrl, attribution, label, enlarged }: StudentMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const layerRef = useRef<L.LayerGroup | null>(null);
  const markersRef = useRef(new Map<number, L.Marker>());
  const onSelectRef = useRef(onSelect);
  const selectedRef = useRef(selectedId);
  useEffect(() => {
    onSelectRef.current = onSelect;
    selectedRef.current = selectedId;
  });

  // One Leaflet map for the component's life.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const map = L.map(container, { zoomControl: true, attributionControl: true, worldCopyJump: true });
    mapRef.current = map;
    layerRef.current = L.layerGroup().addTo(map);
    const markerLayers = markersRef.current;
    return () => {
      map.remove();
      mapRef.current = null;
      layerRef.current = null;
      markerLayers.clear();
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
    const layer = layerRef.current;
    if (!layer) return;
    layer.clearLayers();
    markersRef.current.clear();
    const icon = L.divIcon({ className: styles.marker, iconSize: MARKER_ICON_SIZE });
    for (const entry of markers) {
      const marker = L.marker([entry.lat, entry.lng], { icon, keyboard: true, title: entry.label, riseOnHover: true });
      marker.on('click', () => onSelectRef.current(entry.id));
      // Leaflet makes markers focusable buttons, but Enter only opens popups: choose on Enter/Space.
      marker.on('keydown', (event: L.LeafletKeyboardEvent) => {
        const key = event.originalEvent.key;
        if (key !== 'Enter' && key !== ' ') return;
        event.originalEvent.preventDefault();
        onSelectRef.current(entry.id);
      });
      // Leaflet creates the element only once the map has a view, maybe after this effect.
      marker.on('add', () => {
        marker.getElement()?.setAttribute('aria-label', entry.label);
        showSelected(marker, entry.id === selectedRef.current);
      });
      marker.addTo(layer);
      markersRef.current.set(entry.id, marker);
    }
  }, [markers]);

  // Highlight the chosen student and bring it into view.
  useEffect(() => {
    const map = mapRef.current;
    markersRef.current.forEach((marker, id) => showSelected(marker, id === selectedId));
    const chosen = selectedId === null ? undefined : markersRef.current.get(selectedId);
    if (!map || !chosen) return;
    map.whenReady(() => {
      if (!map.getBounds().contains(chosen.getLatLng())) map.panTo(chosen.getLatLng());
    });
  }, [selectedId, markers]);

  useEffect(() => {
    mapRef.current?.invalidateSize();
  }, [enlarged]);

  return <div ref={containerRef} className={styles.map} role="region" aria-label={label} />;
}
