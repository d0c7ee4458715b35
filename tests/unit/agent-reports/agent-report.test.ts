import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  conversionRate,
  countsAsVisitBooking,
  parseReportPeriod,
  reportWindow,
  rowLabels,
  totalsOf,
} from "#domain/agent-reports/agent-report.entity";
import { getAgentReport } from "#domain/agent-reports/agent-report.query";
import { InMemoryAgentReportsReader } from "#domain/agent-reports/in-memory-agent-reports-reader";
import { InMemoryPropertyViewTally } from "#domain/agent-reports/in-memory-property-view-tally";
import { FixedClock } from "#domain/shared/clock";
import { reportCsvRows, formatConversion } from "~/components/agent-reports/report-format";
import { csvCell, toCsv } from "~/utils/csv";

describe("report periods and windows", () => {
  it("offers 7, 30 and 90 days and reads anything else as 30", () => {
    expect(parseReportPeriod("7")).toBe(7);
    expect(parseReportPeriod("90")).toBe(90);
    for (const raw of [null, undefined, "", "30", "31", "07", "7.0", " 7", "-7", "1e1"]) expect(parseReportPeriod(raw)).toBe(30);
  });

  it("ends today in Buea, today included, from Buea midnight to Buea midnight", () => {
    // 23:30 UTC on the 30th is already 1 December in Buea.
    expect(reportWindow(new Date("2026-11-30T23:30:00Z"), 7)).toEqual({
      firstDay: "2026-11-25",
      lastDay: "2026-12-01",
      from: new Date("2026-11-24T23:00:00.000Z"),
      to: new Date("2026-12-01T23:00:00.000Z"),
    });
    expect(reportWindow(new Date("2026-03-10T12:00:00Z"), 30).firstDay).toBe("2026-02-09");
  });

  it("always spans exactly `period` days, with `now` inside", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2020-01-01"), max: new Date("2035-01-01"), noInvalidDate: true }),
        fc.constantFrom(7 as const, 30 as const, 90 as const),
        (now, period) => {
          const w = reportWindow(now, period);
          expect(w.to.getTime() - w.from.getTime()).toBe(period * 86_400_000);
          expect(now.getTime()).toBeGreaterThanOrEqual(w.from.getTime());
          expect(now.getTime()).toBeLessThan(w.to.getTime());
        },
      ),
    );
  });
});

describe("what counts", () => {
  it("counts a secured booking (paid or covered), cancelled or not, but not an unpaid one nor one that lost its slot", () => {
    expect(countsAsVisitBooking({ paymentStatus: "confirmed", bookingStatus: "confirmed" })).toBe(true);
    expect(countsAsVisitBooking({ paymentStatus: "confirmed", bookingStatus: "cancelled" })).toBe(true);
    expect(countsAsVisitBooking({ paymentStatus: "confirmed", bookingStatus: "rebook_required" })).toBe(false);
    expect(countsAsVisitBooking({ paymentStatus: "pending", bookingStatus: "pending" })).toBe(false);
    expect(countsAsVisitBooking({ paymentStatus: "pending", bookingStatus: "expired" })).toBe(false);
  });

  it("converts confirmed viewings per view, none without views, and totals over sums (not a mean of rates)", () => {
    expect(conversionRate(1, 8)).toBe(0.125);
    expect(conversionRate(0, 0)).toBeNull();
    expect(conversionRate(2, 0)).toBeNull();
    const rows = [
      { views: 10, visitBookings: 2, confirmedViewings: 1 },
      { views: 0, visitBookings: 1, confirmedViewings: 1 },
    ];
    const t = totalsOf(rows);
    expect(t).toEqual({ views: 10, visitBookings: 3, confirmedViewings: 2 });
    expect(conversionRate(t.confirmedViewings, t.views)).toBe(0.2);
  });
});

const tally = new InMemoryPropertyViewTally();
tally.addViews("p1", "2026-11-30", 4);
tally.addViews("p2", "2026-11-30", 9);
tally.addViews("p2", "2026-10-01", 100);
tally.addViews("p9", "2026-11-30", 50);
const properties = [
  { id: "p1", agentId: "a1", title: "Beta room" },
  { id: "p2", agentId: "a1", title: "Alpha studio" },
  { id: "p3", agentId: "a1", title: "Another room" },
  { id: "p9", agentId: "a2", title: "Rival's flat" },
];
const deps = {
  reports: new InMemoryAgentReportsReader({ properties: () => properties, bookings: () => [], viewDays: () => tally.rows() }),
  clock: new FixedClock(new Date("2026-12-01T08:00:00Z")),
};

describe("getAgentReport", () => {
  it("lists the agent's listings most viewed first (ties by title) with their conversion, and totals", async () => {
    const report = await getAgentReport(deps, "a1", 7);
    expect(report.rows.map((r) => [r.propertyId, r.views, r.conversion])).toEqual([
      ["p2", 9, 0],
      ["p1", 4, 0],
      ["p3", 0, null],
    ]);
    expect(report.totals).toEqual({ views: 13, visitBookings: 0, confirmedViewings: 0, conversion: 0 });
    expect((await getAgentReport(deps, "a1", 90)).totals.views).toBe(113);
  });
});

describe("row labels (issue 33)", () => {
  it("name each listing with its neighbourhood, and add the start of the id when two would still read the same", () => {
    const labels = rowLabels([
      { propertyId: "abcdef123", title: "Studio near UB", neighbourhood: "Molyko" },
      { propertyId: "zyxwvu987", title: "Studio near UB", neighbourhood: "Molyko" },
      { propertyId: "p3", title: "Studio near UB", neighbourhood: "Bomaka" },
      { propertyId: "p4", title: "Room", neighbourhood: "" },
    ]);
    expect([...labels.values()]).toEqual([
      "Studio near UB · Molyko · #abcdef",
      "Studio near UB · Molyko · #zyxwvu",
      "Studio near UB · Bomaka",
      "Room",
    ]);
  });

  it("never gives two rows the same label", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({
            propertyId: fc.uuid(),
            title: fc.constantFrom("Studio", "studio", "Room"),
            neighbourhood: fc.constantFrom("Molyko", ""),
          }),
          { selector: (r) => r.propertyId, maxLength: 12 },
        ),
        (rows) => {
          const labels = [...rowLabels(rows).values()].map((l) => l.toLowerCase());
          expect(new Set(labels).size).toBe(rows.length);
        },
      ),
    );
  });
});

describe("the report as CSV", () => {
  it("quotes every text cell and guards every one a spreadsheet would run as a formula (app/utils/csv.ts)", () => {
    expect(csvCell("=1+1")).toBe(`"'=1+1"`);
    expect(csvCell("+237 677")).toBe(`"'+237 677"`);
    expect(csvCell("-5")).toBe(`"'-5"`);
    expect(csvCell("@SUM(A1)")).toBe(`"'@SUM(A1)"`);
    expect(csvCell("\tcmd")).toBe(`"'\tcmd"`);
    expect(csvCell('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
    expect(csvCell("Room, Molyko")).toBe('"Room, Molyko"');
    expect(csvCell("Room;=1+1")).toBe(`"Room;'=1+1"`);
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
    expect(csvCell("Chambre à Molyko")).toBe('"Chambre à Molyko"');
    expect(csvCell(12)).toBe("12");
    expect(csvCell(12.5)).toBe("12.5");
    expect(csvCell(null)).toBe("");
    expect(
      toCsv([
        ["a", 1],
        ["b", null],
      ]),
    ).toBe('\uFEFF"a",1\r\n"b",\r\n');
  });

  it("writes the header, the rows in the page's order and the page's totals, conversion as a percentage", async () => {
    const report = await getAgentReport(deps, "a1", 7);
    const labels = {
      property: "Property",
      views: "Views",
      visitBookings: "Visit bookings",
      confirmedViewings: "Confirmed viewings",
      conversion: "Conversion (%)",
      total: "Total",
    };
    expect(reportCsvRows(report, labels)).toEqual([
      ["Property", "Views", "Visit bookings", "Confirmed viewings", "Conversion (%)"],
      ["Alpha studio", 9, 0, 0, 0],
      ["Beta room", 4, 0, 0, 0],
      ["Another room", 0, 0, 0, null],
      ["Total", 13, 0, 0, 0],
    ]);
    expect(
      reportCsvRows({ rows: [], totals: { views: 3, visitBookings: 1, confirmedViewings: 1, conversion: 1 / 3 } }, labels).at(-1),
    ).toEqual(["Total", 3, 1, 1, 33.3]);
  });

  it("shows conversion with one decimal in the reader's language, a dash without views", () => {
    expect(formatConversion(1 / 3, "en")).toBe("33.3 %");
    expect(formatConversion(1 / 3, "fr")).toBe("33,3 %");
    expect(formatConversion(null, "en")).toBe("—");
  });
});
