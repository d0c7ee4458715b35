// The SVG bar chart never cuts off a value label (issue 33): the longest bar ends where its value
// still fits inside the chart, whatever the values' lengths.
import fc from "fast-check";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BarChartSvg, CHART_WIDTH, VALUE_CHAR_WIDTH, type BarDatum } from "~/components/charts/bar-chart-svg";

/** Each value text's x and its length, from the rendered SVG. */
function valueLabels(data: BarDatum[]): { x: number; text: string }[] {
  const html = renderToStaticMarkup(<BarChartSvg title="t" description="d" data={data} />);
  return [...html.matchAll(/<text x="([\d.]+)"[^>]*font-weight="600"[^>]*>([^<]*)<\/text>/g)].map((m) => ({ x: Number(m[1]), text: m[2] }));
}

describe("BarChartSvg", () => {
  it("keeps a long amount inside the chart when its bar is the longest", () => {
    const labels = valueLabels([
      { label: "Visit bookings", value: 32000, display: "32\u00a0000\u00a0FCFA" },
      { label: "Access", value: 5000, display: "5\u00a0000\u00a0FCFA" },
    ]);
    expect(labels).toHaveLength(2);
    for (const l of labels) expect(l.x + l.text.length * VALUE_CHAR_WIDTH).toBeLessThanOrEqual(CHART_WIDTH);
  });

  it("keeps every value inside the chart, for any values and displays", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            value: fc.nat(10_000_000),
            display: fc.string({ minLength: 1, maxLength: 24 }).map((s) => s.replace(/[<>&"']/g, "x")),
          }),
          {
            minLength: 1,
            maxLength: 8,
          },
        ),
        (rows) => {
          const data = rows.map((r, i) => ({ key: String(i), label: `Row ${i}`, value: r.value, display: r.display }));
          for (const l of valueLabels(data)) expect(l.x + l.text.length * VALUE_CHAR_WIDTH).toBeLessThanOrEqual(CHART_WIDTH);
        },
      ),
    );
  });
});
