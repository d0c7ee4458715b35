// A horizontal bar chart drawn as SVG on the server: no chart library, no script, readable without
// JavaScript. The SVG is an image with a <title> and a <desc> (its accessible name and summary);
// the exact figures are in a table beside it, the text alternative every chart points to. Used by
// the agent's reports and the admin's dashboard.
import { useId } from "react";

export interface BarDatum {
  /** Tells the bars apart; the label by default. */
  key?: string;
  label: string;
  /** null draws no bar (e.g. a conversion with no views). */
  value: number | null;
  /** The value as people read it ("12", "12.5 %", "8 000 FCFA"); the number itself by default. */
  display?: string;
}

export const CHART_WIDTH = 640;
const WIDTH = CHART_WIDTH;
const LABEL_WIDTH = 230;
/** The gap between a bar and its value. */
const VALUE_GAP = 6;
/**
 * An upper bound of one character's width in the value's font (13 px, semibold): digits, the
 * no-break spaces of "8 000 FCFA" and capitals stay under it, so the value is never cut off.
 */
export const VALUE_CHAR_WIDTH = 9;
const ROW = 28;
const BAR = 18;
const LABEL_CHARS = 30;

const shorten = (label: string) => (label.length > LABEL_CHARS ? `${label.slice(0, LABEL_CHARS - 1)}…` : label);

/** The value as shown beside its bar. */
export const barDisplay = (d: BarDatum): string => d.display ?? (d.value === null ? "—" : String(d.value));

/**
 * Where the bars may go: the value column is as wide as the longest value (issue 33: "32 000 FCFA"
 * was cut off at the chart's edge when its bar was the longest), and the bars share the rest.
 */
export function barChartLayout(data: readonly BarDatum[]): { barArea: number; valueWidth: number } {
  const longest = Math.max(1, ...data.map((d) => barDisplay(d).length));
  const valueWidth = VALUE_GAP + longest * VALUE_CHAR_WIDTH;
  // A label that long (over 40 characters) may run past the edge rather than leave no bar at all.
  return { barArea: Math.max(40, WIDTH - LABEL_WIDTH - valueWidth), valueWidth };
}

export function BarChartSvg({
  title,
  description,
  data,
  className = "",
}: {
  title: string;
  description: string;
  data: BarDatum[];
  className?: string;
}) {
  const id = useId();
  // The longest bar fills the width (a rate of 6 % too); all zeros draw no bars.
  const top = Math.max(0, ...data.map((d) => d.value ?? 0));
  const max = top > 0 ? top : 1;
  const height = Math.max(1, data.length) * ROW;
  const { barArea: BAR_AREA } = barChartLayout(data);
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${height}`}
      width="100%"
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      className={`h-auto max-w-full text-slate-700 dark:text-slate-200 ${className}`}
      preserveAspectRatio="xMinYMin meet"
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      {data.map((d, i) => {
        const y = i * ROW;
        const width = d.value === null ? 0 : Math.max(d.value > 0 ? 2 : 0, (d.value / max) * BAR_AREA);
        return (
          <g key={d.key ?? d.label}>
            <title>{`${d.label}: ${barDisplay(d)}`}</title>
            <text x={0} y={y + ROW / 2} dominantBaseline="middle" fontSize="13" fill="currentColor">
              {shorten(d.label)}
            </text>
            <rect
              x={LABEL_WIDTH}
              y={y + (ROW - BAR) / 2}
              width={width}
              height={BAR}
              rx={3}
              className="fill-brand-600 dark:fill-brand-100"
            />
            <text
              x={LABEL_WIDTH + width + VALUE_GAP}
              y={y + ROW / 2}
              dominantBaseline="middle"
              fontSize="13"
              fontWeight="600"
              fill="currentColor"
            >
              {barDisplay(d)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
