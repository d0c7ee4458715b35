// A small server-rendered bar chart: an SVG with <title> and <desc> (its text alternative), and
// the same figures in a table below it, so no chart library and no JavaScript are needed.
import { useId } from "react";

export interface BarDatum {
  label: string;
  value: number;
  /** How the value reads (e.g. "8 000 FCFA"); the number itself by default. */
  display?: string;
}

export function BarChart({ title, description, data, valueHeader, labelHeader }: { title: string; description: string; data: BarDatum[]; valueHeader: string; labelHeader: string }) {
  const id = useId();
  const max = Math.max(1, ...data.map((d) => d.value));
  const rowHeight = 28;
  const labelWidth = 170;
  const barWidth = 260;
  const height = Math.max(1, data.length) * rowHeight + 8;
  return (
    <figure className="space-y-3">
      <svg
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        viewBox={`0 0 ${labelWidth + barWidth + 120} ${height}`}
        className="w-full max-w-xl text-slate-700 dark:text-slate-200"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {data.map((d, i) => {
          const y = 4 + i * rowHeight;
          const w = Math.round((d.value / max) * barWidth);
          return (
            <g key={d.label}>
              <text x={0} y={y + 18} fontSize="13" fill="currentColor">
                {d.label}
              </text>
              <rect x={labelWidth} y={y + 4} width={Math.max(w, d.value > 0 ? 2 : 0)} height={rowHeight - 10} className="fill-brand-600" rx={3} />
              <text x={labelWidth + w + 6} y={y + 18} fontSize="13" fill="currentColor">
                {d.display ?? String(d.value)}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="sr-only">{title}</figcaption>
      <DataTable caption={title} headers={[labelHeader, valueHeader]} rows={data.map((d) => [d.label, d.display ?? String(d.value)])} />
    </figure>
  );
}

/** A plain table with a caption (shown): figures an admin can read and copy. */
export function DataTable({ caption, headers, rows, empty, testId }: { caption: string; headers: string[]; rows: string[][]; empty?: string; testId?: string }) {
  return (
    <table className="w-full max-w-3xl text-left text-sm" data-testid={testId}>
      <caption className="mb-1 text-left font-medium">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-200 dark:border-slate-700">
          {headers.map((h) => (
            <th key={h} scope="col" className="py-1 pr-4 font-semibold">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={headers.length} className="py-1 text-slate-600 dark:text-slate-400">
              {empty ?? "—"}
            </td>
          </tr>
        ) : (
          rows.map((row, i) => (
            <tr key={i} className="border-b border-slate-100 dark:border-slate-800">
              {row.map((cell, j) => (j === 0 ? <th key={j} scope="row" className="py-1 pr-4 font-normal">{cell}</th> : <td key={j} className="py-1 pr-4">{cell}</td>))}
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}
