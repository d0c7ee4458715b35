// A horizontal bar chart drawn as SVG on the server: no chart library, no script, readable without
// JavaScript. The SVG is an image with a <title> and a <desc> (its accessible name and summary);
// the exact figures are in the report's table, the text alternative every chart points to.
import { useId } from "react";

export interface BarDatum {
  key: string;
  label: string;
  /** null draws no bar (e.g. a conversion with no views). */
  value: number | null;
  /** The value as people read it ("12", "12.5 %", "—"). */
  display: string;
}

const WIDTH = 640;
const LABEL_WIDTH = 230;
const VALUE_WIDTH = 70;
const BAR_AREA = WIDTH - LABEL_WIDTH - VALUE_WIDTH;
const ROW = 28;
const BAR = 18;
const LABEL_CHARS = 30;

const shorten = (label: string) => (label.length > LABEL_CHARS ? `${label.slice(0, LABEL_CHARS - 1)}…` : label);

export function BarChart({ title, description, data, testId }: { title: string; description: string; data: BarDatum[]; testId?: string }) {
  const id = useId();
  // The longest bar fills the width (a rate of 6 % too); all zeros draw no bars.
  const top = Math.max(0, ...data.map((d) => d.value ?? 0));
  const max = top > 0 ? top : 1;
  const height = Math.max(1, data.length) * ROW;
  return (
    <figure className="card p-4" data-testid={testId}>
      <figcaption className="font-semibold">{title}</figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${height}`}
        width="100%"
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        className="mt-3 h-auto max-w-full text-slate-700 dark:text-slate-200"
        preserveAspectRatio="xMinYMin meet"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {data.map((d, i) => {
          const y = i * ROW;
          const width = d.value === null ? 0 : Math.max(d.value > 0 ? 2 : 0, (d.value / max) * BAR_AREA);
          return (
            <g key={d.key}>
              <title>{`${d.label}: ${d.display}`}</title>
              <text x={0} y={y + ROW / 2} dominantBaseline="middle" fontSize="13" fill="currentColor">
                {shorten(d.label)}
              </text>
              <rect x={LABEL_WIDTH} y={y + (ROW - BAR) / 2} width={width} height={BAR} rx={3} className="fill-brand-600 dark:fill-brand-100" />
              <text x={LABEL_WIDTH + width + 6} y={y + ROW / 2} dominantBaseline="middle" fontSize="13" fontWeight="600" fill="currentColor">
                {d.display}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
