// The map picker with the provider's tiles (MAP_TILES_URL, decision 0205): Leaflet, imported only
// here, and this module only when the picker opens (see map-point-picker.tsx). A tap places the
// point; the marker is a drawn circle, so no marker images are fetched.
import { useEffect, useRef } from "react";
import L from "leaflet";
import "leaflet/dist/leaflet.css";
import type { MapCanvasProps, MapTiles } from "./map-point-picker";

export default function TiledMap({ center, point, onPick, label, tiles }: MapCanvasProps & { tiles: MapTiles }) {
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.CircleMarker | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;

  useEffect(() => {
    if (!element.current) return;
    const m = L.map(element.current, { center: [center.latitude, center.longitude], zoom: 16 });
    L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 19 }).addTo(m);
    m.on("click", (e: L.LeafletMouseEvent) => pick.current(e.latlng.lat, e.latlng.lng));
    map.current = m;
    return () => {
      m.remove();
      map.current = null;
      marker.current = null;
    };
    // The map is made once; the point follows below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tiles.url, tiles.attribution]);

  useEffect(() => {
    const m = map.current;
    if (!m) return;
    if (!point) {
      marker.current?.remove();
      marker.current = null;
      return;
    }
    const at: L.LatLngExpression = [point.latitude, point.longitude];
    if (marker.current) marker.current.setLatLng(at);
    else marker.current = L.circleMarker(at, { radius: 9, color: "#fff", weight: 2, fillColor: "#dc2626", fillOpacity: 1 }).addTo(m);
  }, [point]);

  return (
    <div
      ref={element}
      role="application"
      aria-label={label}
      className="aspect-[3/2] w-full rounded border border-slate-300 dark:border-slate-600"
    />
  );
}
