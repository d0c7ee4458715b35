// The map picker without tiles (MAP_TILES_URL unset: the demo, the tests): a plan of Buea's
// neighbourhoods, drawn to scale, where a tap or the arrow keys place the point. Loaded only when
// the picker opens (see map-point-picker.tsx).
import type { KeyboardEvent, MouseEvent } from "react";
import { NEIGHBOURHOOD_CENTRES, UNIVERSITY_MAIN_GATE, type GeoPoint } from "#domain/listings/buea";
import type { MapCanvasProps } from "./map-point-picker";

/** The part of Buea the plan shows (every neighbourhood with a margin). */
const AREA = { north: 4.19, south: 4.125, west: 9.212, east: 9.348 } as const;
/**
 * Width over height at this latitude (a degree of longitude is cos(latitude) of one of latitude). On a
 * phone the plan is taller than that (min-h-72) so the neighbourhoods' names do not overlap; a tap
 * is read on each axis on its own, so the stretch changes nothing but the drawing.
 */
const ASPECT = ((AREA.east - AREA.west) * Math.cos((4.157 * Math.PI) / 180)) / (AREA.north - AREA.south);
/** An arrow key moves the point about 50 m. */
const STEP = 0.00045;

const at = (p: GeoPoint) => ({
  left: `${((p.longitude - AREA.west) / (AREA.east - AREA.west)) * 100}%`,
  top: `${((AREA.north - p.latitude) / (AREA.north - AREA.south)) * 100}%`,
});

export default function PlanMap({ center, point, onPick, label }: MapCanvasProps) {
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const x = (e.clientX - box.left) / box.width;
    const y = (e.clientY - box.top) / box.height;
    onPick(AREA.north - y * (AREA.north - AREA.south), AREA.west + x * (AREA.east - AREA.west));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const from = point ?? center;
    const moves: Record<string, [number, number]> = {
      ArrowUp: [STEP, 0],
      ArrowDown: [-STEP, 0],
      ArrowLeft: [0, -STEP],
      ArrowRight: [0, STEP],
    };
    const move = moves[e.key];
    if (!move) return;
    e.preventDefault();
    onPick(from.latitude + move[0], from.longitude + move[1]);
  };
  // No minimum height: with the plan's fixed aspect ratio it would set a minimum width too, and
  // at 360 px the plan pushed the form to 638 px (its taps then landed off the screen).
  return (
    <div
      role="application"
      aria-label={label}
      tabIndex={0}
      onClick={onClick}
      onKeyDown={onKeyDown}
      data-testid="map-plan"
      className="relative w-full cursor-crosshair overflow-hidden rounded border border-slate-300 bg-emerald-50 focus:outline focus:outline-2 focus:outline-brand-600 dark:border-slate-600 dark:bg-slate-800"
      style={{ aspectRatio: String(ASPECT) }}
    >
      {Object.entries(NEIGHBOURHOOD_CENTRES).map(([name, c]) => (
        <span
          key={name}
          className="pointer-events-none absolute -translate-x-1/2 -translate-y-1/2 text-center text-[11px] leading-tight text-slate-700 dark:text-slate-200"
          style={at(c)}
        >
          <span aria-hidden="true" className="mx-auto block h-1.5 w-1.5 rounded-full bg-slate-500" />
          {name}
        </span>
      ))}
      <span
        className="pointer-events-none absolute -translate-x-1/2 -translate-y-1/2 text-[11px] font-semibold text-brand-800 dark:text-brand-100"
        style={at(UNIVERSITY_MAIN_GATE)}
      >
        <span aria-hidden="true">▲</span> UB
      </span>
      {point ? (
        <span
          aria-hidden="true"
          data-testid="map-pin"
          className="pointer-events-none absolute h-4 w-4 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-red-600 shadow"
          style={at(point)}
        />
      ) : null}
    </div>
  );
}
