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

const WIDTH = 640;
const LABEL_WIDTH = 230;
const VALUE_WIDTH = 70;
const BAR_AREA = WIDTH - LABEL_WIDTH - VALUE_WIDTH;
const ROW = 28;
const BAR = 18;
const LABEL_CHARS = 30;

const shorten = (label: string) => (label.length > LABEL_CHARS ? `${label.slice(0, LABEL_CHARS - 1)}…` : label);

/** The value as shown beside its bar. */
export const barDisplay = (d: BarDatum): string => d.display ?? (d.value === null ? "—" : String(d.value));

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
            <text x={LABEL_WIDTH + width + 6} y={y + ROW / 2} dominantBaseline="middle" fontSize="13" fontWeight="600" fill="currentColor">
              {barDisplay(d)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
