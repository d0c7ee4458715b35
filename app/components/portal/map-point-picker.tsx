// The map picker of the listing forms (decision 0205). Only with JavaScript and not under
// Save-Data: before hydration (and without JavaScript) nothing renders here, and the form saves
// with the neighbourhood alone. The map itself (Leaflet with the provider's tiles, or a plan of
// the neighbourhoods when MAP_TILES_URL is unset) is a separate chunk, fetched when the button is
// pressed: the page's first load does not carry it.
import { lazy, Suspense, useEffect, useState } from "react";
import { useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/translation";
import { NEIGHBOURHOOD_CENTRES, type GeoPoint, type Neighbourhood } from "#domain/listings/buea";
import { isInBuea } from "#domain/listings/listing-location";

export interface MapTiles {
  url: string;
  attribution: string;
}

export interface MapCanvasProps {
  /** Where the map opens: the point, else the neighbourhood's centre. */
  center: GeoPoint;
  point: GeoPoint | null;
  onPick: (latitude: number, longitude: number) => void;
  label: string;
}

const TiledMap = lazy(() => import("./map-canvas-tiles"));
const PlanMap = lazy(() => import("./map-canvas-plan"));

/** Five decimals: about a metre, enough for an entrance. */
const round = (n: number) => Math.round(n * 1e5) / 1e5;

export function MapPointPicker({
  neighbourhood,
  point,
  onPick,
  onClear,
  mapTiles,
}: {
  neighbourhood: string;
  point: { latitude: string; longitude: string };
  onPick: (latitude: number, longitude: number) => void;
  onClear: () => void;
  mapTiles: MapTiles | null;
}) {
  const { t } = useTranslation("portal");
  const root = useRouteLoaderData("root") as { saveData?: boolean } | undefined;
  const [hydrated, setHydrated] = useState(false);
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => setHydrated(true), []);
  if (!hydrated || root?.saveData) return null;

  const lat = Number(point.latitude);
  const lng = Number(point.longitude);
  const current =
    point.latitude !== "" && point.longitude !== "" && isInBuea({ latitude: lat, longitude: lng })
      ? { latitude: lat, longitude: lng }
      : null;
  const centre = NEIGHBOURHOOD_CENTRES[neighbourhood as Neighbourhood] ?? NEIGHBOURHOOD_CENTRES.Molyko;
  const pick = (latitude: number, longitude: number) => {
    setMessage(null);
    onPick(round(latitude), round(longitude));
  };
  const locate = () => {
    if (!("geolocation" in navigator)) return setMessage(t("form.map.geoFailed"));
    setMessage(t("form.map.locating"));
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        const here = { latitude: coords.latitude, longitude: coords.longitude };
        if (!isInBuea(here)) return setMessage(t("form.map.outside"));
        pick(here.latitude, here.longitude);
        setOpen(true);
      },
      () => setMessage(t("form.map.geoFailed")),
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 },
    );
  };
  const canvas: MapCanvasProps = { center: current ?? centre, point: current, onPick: pick, label: t("form.map.label") };

  return (
    <div className="space-y-3" data-testid="map-picker">
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-secondary" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? t("form.map.close") : t("form.map.open")}
        </button>
        <button type="button" className="btn-secondary" onClick={locate}>
          {t("form.map.myLocation")}
        </button>
        {current ? (
          <button type="button" className="btn-secondary" onClick={onClear}>
            {t("form.map.clear")}
          </button>
        ) : null}
      </div>
      <p className="text-sm" role="status" data-testid="map-point-status">
        {message ??
          (current
            ? t("form.map.pointSet", { latitude: current.latitude.toFixed(5), longitude: current.longitude.toFixed(5) })
            : t("form.map.noPoint"))}
      </p>
      {open ? (
        <div>
          <p className="mb-2 text-sm text-slate-700 dark:text-slate-300">
            {t("form.map.tapHint")} {mapTiles ? null : t("form.map.fallbackNote")}
          </p>
          <Suspense fallback={<div className="aspect-[3/2] w-full animate-pulse rounded bg-slate-100 dark:bg-slate-800" />}>
            {mapTiles ? <TiledMap {...canvas} tiles={mapTiles} /> : <PlanMap {...canvas} />}
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}
