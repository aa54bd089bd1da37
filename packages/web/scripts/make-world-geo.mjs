/**
 * Regenerates src/features/inventory/map/world.geo.json, the offline world outline of the device map:
 * Natural Earth 1:110m countries (public domain) from the world-atlas package (ISC), converted to GeoJSON
 * with topojson-client, coordinates rounded to 0.01 degree (about 170 KB). Neither package is a dependency
 * of the console; install them to a scratch folder and run from there:
 *
 *   mkdir /tmp/geo && cd /tmp/geo && npm init -y && npm install world-atlas@2 topojson-client@3
 *   node /path/to/packages/web/scripts/make-world-geo.mjs /path/to/packages/web/src/features/inventory/map/world.geo.json
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
// Resolved from the working directory, where the two packages were installed.
const { feature } = createRequire(path.resolve('package.json'))('topojson-client');
const topo = JSON.parse(
  fs.readFileSync(path.resolve('node_modules/world-atlas/countries-110m.json'), 'utf8'),
);
const fc = feature(topo, topo.objects.countries);
const r2 = (n) => Math.round(n * 100) / 100;
// Leaflet draws straight lines between points: a ring crossing the antimeridian (Russia, Fiji) is unwrapped
// so that it continues past +-180 instead of cutting across the whole map. Antarctica's ring closes along
// its southern edge, which is right as it is.
function unwrap(ring, name) {
  if (name === 'Antarctica') return ring.map(([x, y]) => [r2(x), r2(y)]);
  let offset = 0;
  let prev = null;
  const out = ring.map(([x, y]) => {
    if (prev !== null) {
      const d = x + offset - prev;
      if (d > 180) offset -= 360;
      else if (d < -180) offset += 360;
    }
    prev = x + offset;
    return [r2(x + offset), r2(y)];
  });
  return out;
}
const polys = (g) => (g.type === 'MultiPolygon' ? g.coordinates : [g.coordinates]);
const out = {
  type: 'FeatureCollection',
  features: fc.features.map((f) => {
    const coords = polys(f.geometry).map((poly) => poly.map((ring) => unwrap(ring, f.properties.name)));
    return {
      type: 'Feature',
      properties: { name: f.properties.name },
      geometry:
        f.geometry.type === 'MultiPolygon'
          ? { type: 'MultiPolygon', coordinates: coords }
          : { type: 'Polygon', coordinates: coords[0] },
    };
  }),
};
const s = JSON.stringify(out);
fs.writeFileSync(process.argv[2] ?? 'world.geo.json', s);
console.log(out.features.length, s.length);
