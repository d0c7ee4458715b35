// The agent's report charts: a card with the shared SVG bar chart (app/components/charts); the
// exact figures are in the report's table.
import { BarChartSvg, type BarDatum } from "~/components/charts/bar-chart-svg";

export type { BarDatum };

export function BarChart({ title, description, data, testId }: { title: string; description: string; data: BarDatum[]; testId?: string }) {
  return (
    <figure className="card p-4" data-testid={testId}>
      <figcaption className="font-semibold">{title}</figcaption>
      <BarChartSvg title={title} description={description} data={data} className="mt-3" />
    </figure>
  );
}
