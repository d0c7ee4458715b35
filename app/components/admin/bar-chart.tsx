// The admin's charts: the shared SVG bar chart (app/components/charts) with the same figures in a
// table below it, so no chart library and no JavaScript are needed.
import { BarChartSvg, barDisplay, type BarDatum } from "~/components/charts/bar-chart-svg";

export function BarChart({
  title,
  description,
  data,
  valueHeader,
  labelHeader,
}: {
  title: string;
  description: string;
  data: BarDatum[];
  valueHeader: string;
  labelHeader: string;
}) {
  return (
    // No figcaption: the chart is named by its own title and the table by its caption (a hidden
    // figcaption said the title a third time, and one between the two is not valid HTML).
    <figure className="space-y-3">
      <BarChartSvg title={title} description={description} data={data} className="max-w-xl" />
      <DataTable caption={title} headers={[labelHeader, valueHeader]} rows={data.map((d) => [d.label, barDisplay(d)])} />
    </figure>
  );
}

/** A plain table with a caption (shown): figures an admin can read and copy. */
export function DataTable({
  caption,
  headers,
  rows,
  empty,
  testId,
}: {
  caption: string;
  headers: string[];
  rows: string[][];
  empty?: string;
  testId?: string;
}) {
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
              {row.map((cell, j) =>
                j === 0 ? (
                  <th key={j} scope="row" className="py-1 pr-4 font-normal">
                    {cell}
                  </th>
                ) : (
                  <td key={j} className="py-1 pr-4">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}
