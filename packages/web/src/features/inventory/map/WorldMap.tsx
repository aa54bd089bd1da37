/**
 * The device map: Leaflet with no tile server (the console works without internet and its CSP allows no
 * external hosts). The world is drawn from a bundled outline of the countries (world.geo.json: Natural
 * Earth 1:110m countries from the world-atlas package, converted with topojson-client, coordinates rounded
 * to 0.01 degree), fetched as an asset of the build; devices are circle markers coloured by the map configuration,
 * labelled by it, with a popup that links to the device dashboard. Maps read left to right in every language.
 * Labels and popups are built as DOM text, never as HTML strings: their words come from the devices.
 */
import { useEffect, useRef, useState } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useNavigate, type NavigateFunction } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { MapDevice } from '@edge/protocol';
import { levelColor } from '../status.ts';
import { dashboardPath } from '../paths.ts';
import worldUrl from './world.geo.json?url';

const RADIUS: Record<MapDevice['size'], number> = { small: 5, medium: 7, large: 10 };
/** Labels stay on screen from this zoom on (closer, they no longer cover each other); below, on hover. */
const LABELS_FROM_ZOOM = 4;
/** Above this many markers the labels show on hover only at any zoom. */
const PERMANENT_LABELS_MAX = 300;
const WORLD_BOUNDS = L.latLngBounds([-85, -200], [85, 200]);

/** Fetched (same origin, cached by the browser) rather than bundled: the outline is 170 KB of plain data. */
const loadWorld = (): Promise<GeoJSON.FeatureCollection> =>
  fetch(worldUrl).then((r) =>
    r.ok ? (r.json() as Promise<GeoJSON.FeatureCollection>) : Promise.reject(new Error(String(r.status))),
  );

export interface WorldMapProps {
  devices: MapDevice[];
  height?: number;
}

export function WorldMap({ devices, height = 560 }: WorldMapProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const markers = useRef<L.LayerGroup | null>(null);
  const fitted = useRef(false);
  const [zoomedIn, setZoomedIn] = useState(false);
  const zoom = useRef<L.Control.Zoom | null>(null);
  // Popups are built when opened, with the language and router of that moment.
  const popup = useRef({ t, navigate });
  useEffect(() => {
    popup.current = { t, navigate };
  }, [t, navigate]);

  useEffect(() => {
    if (!box.current) return;
    const instance = L.map(box.current, {
      zoomControl: false,
      attributionControl: false,
      worldCopyJump: false,
      minZoom: 1,
      maxZoom: 12,
      zoomSnap: 0.25,
      maxBounds: WORLD_BOUNDS,
      maxBoundsViscosity: 0.8,
    }).setView([20, 10], 2);
    map.current = instance;
    markers.current = L.layerGroup().addTo(instance);
    instance.on('zoomend', () => setZoomedIn(instance.getZoom() >= LABELS_FROM_ZOOM));
    let cancelled = false;
    void loadWorld()
      .then((world) => {
        if (cancelled) return;
        L.geoJSON(world, {
          interactive: false,
          style: { color: '#b8c3d1', weight: 0.8, fillColor: '#f7f9fc', fillOpacity: 1 },
        })
          .addTo(instance)
          .bringToBack();
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      instance.remove();
      map.current = null;
      markers.current = null;
      zoom.current = null;
      fitted.current = false;
    };
  }, []);

  // The zoom buttons speak the user's language.
  useEffect(() => {
    const instance = map.current;
    if (!instance) return;
    zoom.current?.remove();
    zoom.current = L.control
      .zoom({
        position: 'topleft',
        zoomInTitle: t('inventory.map.zoomIn'),
        zoomOutTitle: t('inventory.map.zoomOut'),
      })
      .addTo(instance);
  }, [t]);

  useEffect(() => {
    const instance = map.current;
    const layer = markers.current;
    if (!instance || !layer) return;
    layer.clearLayers();
    const permanent = zoomedIn && devices.length <= PERMANENT_LABELS_MAX;
    for (const device of devices) {
      const color = levelColor(device.colorLevel);
      const marker = L.circleMarker([device.latitude, device.longitude], {
        radius: RADIUS[device.size] ?? RADIUS.medium,
        color: '#ffffff',
        weight: 1.5,
        fillColor: color,
        fillOpacity: 0.95,
        className: `device-marker device-marker-level${device.colorLevel}`,
      });
      if (device.label) {
        // Leaflet sets a string tooltip as HTML; the label is device-reported text (a name, IP, IMEI...).
        marker.bindTooltip(textContent(device.label), {
          permanent,
          direction: 'top',
          offset: [0, -RADIUS[device.size]],
          className: 'device-map-label',
        });
      }
      marker.bindPopup(() => popupContent(device, popup.current.t, popup.current.navigate));
      layer.addLayer(marker);
    }
    if (!fitted.current && devices.length > 0) {
      fitted.current = true;
      fitAll(instance, devices);
    }
  }, [devices, zoomedIn]);

  return (
    <div className="world-map-frame" dir="ltr">
      <div
        ref={box}
        className="world-map"
        style={{ height }}
        role="region"
        aria-label={t('inventory.map.label')}
        data-testid="device-map"
        data-markers={devices.length}
      />
      <button
        type="button"
        className="world-map-fit"
        onClick={() => map.current && fitAll(map.current, devices)}
        disabled={devices.length === 0}
      >
        {t('inventory.map.fit')}
      </button>
    </div>
  );
}

function popupContent(device: MapDevice, t: TFunction, navigate: NavigateFunction): HTMLElement {
  const root = document.createElement('div');
  root.className = 'device-popup';
  root.dir = document.documentElement.dir;
  const title = document.createElement('strong');
  title.textContent = device.label || device.id;
  const status = document.createElement('div');
  status.className = 'device-popup-status';
  const dot = document.createElement('span');
  dot.className = 'device-popup-dot';
  dot.style.background = levelColor(device.colorLevel);
  status.append(dot, document.createTextNode(t(`inventory.status.${device.status}`)));
  const link = document.createElement('a');
  link.href = dashboardPath(device.id);
  link.textContent = t('inventory.details.openDashboard');
  link.dataset.testid = 'map-popup-dashboard';
  link.addEventListener('click', (event) => {
    event.preventDefault();
    void navigate(dashboardPath(device.id));
  });
  root.append(title, status, link);
  return root;
}

/** Text for a Leaflet tooltip or popup, which would parse a string as HTML. */
function textContent(text: string): HTMLElement {
  const span = document.createElement('span');
  span.textContent = text;
  return span;
}

function fitAll(map: L.Map, devices: MapDevice[]) {
  if (devices.length === 0) return;
  const bounds = L.latLngBounds(devices.map((d) => [d.latitude, d.longitude] as [number, number]));
  map.fitBounds(bounds.pad(0.2), { maxZoom: 6, animate: false });
}
