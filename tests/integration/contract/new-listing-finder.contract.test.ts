import { afterEach, beforeEach, expect, it } from "vitest";
import { InMemoryNewListingFinder } from "#domain/alerts/in-memory-new-listing-finder";
import type { NewListingFinder } from "#domain/alerts/new-listing-finder.port";
import { KyselyNewListingFinder } from "#infrastructure/repositories/kysely-saved-search-listing-finder";
import { allDatabaseKinds, createTestDatabase, type TestDatabase, describeEachDatabase } from "../../support/test-database";
import { insertAgent, insertProperty } from "./discovery-fixtures";

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 9, minute));
type Fixture = {
  id: string;
  title: string;
  neighbourhood: string;
  type: "room" | "studio" | "apartment";
  rent: number;
  minute: number;
  hidden?: boolean;
  agent?: string;
};
const FIXTURES: Fixture[] = [
  { id: "p0", title: "Old room", neighbourhood: "Molyko", type: "room", rent: 20_000, minute: 0 },
  { id: "p1", title: "Room with WiFi", neighbourhood: "Molyko", type: "room", rent: 25_000, minute: 11 },
  { id: "p2", title: "Studio 100% furnished", neighbourhood: "Bomaka", type: "studio", rent: 40_000, minute: 12 },
  { id: "p3", title: "Apartment near the gate", neighbourhood: "Molyko", type: "apartment", rent: 80_000, minute: 13 },
  { id: "p4", title: "Hidden studio", neighbourhood: "Molyko", type: "studio", rent: 30_000, minute: 14, hidden: true },
  { id: "p5", title: "Room in Muea", neighbourhood: "Muea", type: "room", rent: 15_000, minute: 15 },
  // Issue 30: an approved agent since suspended (or made a student) alerts nobody.
  {
    id: "p6",
    title: "Room of a suspended agent",
    neighbourhood: "Molyko",
    type: "room",
    rent: 21_000,
    minute: 16,
    agent: "withheld-agent",
  },
];

async function harness(kind: string): Promise<{ finder: NewListingFinder; close(): Promise<void> }> {
  if (kind === "memory") {
    const finder = new InMemoryNewListingFinder();
    for (const f of FIXTURES) {
      finder.put({
        id: f.id,
        title: f.title,
        monthlyRent: f.rent,
        neighbourhood: f.neighbourhood,
        propertyType: f.type,
        createdAt: at(f.minute),
        hidden: f.hidden,
        agentStatus: f.agent ? "withheld" : "approved",
      });
    }
    return { finder, close: async () => {} };
  }
  const t: TestDatabase = await createTestDatabase(kind as "sqlite" | "postgres");
  await insertAgent(t.db, { id: "agent" });
  await insertAgent(t.db, { id: "withheld-agent" });
  await t.db.updateTable("agents").set({ verification_status: "withheld" }).where("user_id", "=", "withheld-agent").execute();
  for (const f of FIXTURES) {
    await insertProperty(t.db, {
      id: f.id,
      agentId: f.agent ?? "agent",
      title: f.title,
      neighbourhood: f.neighbourhood,
      propertyType: f.type,
      monthlyRent: f.rent,
      createdAt: at(f.minute).toISOString(),
      hiddenAt: f.hidden ? at(20).toISOString() : null,
    });
  }
  return { finder: new KyselyNewListingFinder(t.db), close: () => t.destroy() };
}

describeEachDatabase(["memory", ...allDatabaseKinds()])("NewListingFinder on %s", (kind) => {
  let h: { finder: NewListingFinder; close(): Promise<void> };
  beforeEach(async () => {
    h = await harness(kind);
  });
  afterEach(() => h.close());
  const ids = async (query: string, since = at(10), limit = 20) => (await h.finder.findNewMatches(query, since, limit)).map((m) => m.id);

  it("finds visible listings created strictly after `since`, newest first", async () => {
    expect(await ids("")).toEqual(["p5", "p3", "p2", "p1"]);
    expect(await ids("", at(12))).toEqual(["p5", "p3"]);
    expect(await ids("", at(10), 2)).toEqual(["p5", "p3"]);
    expect(await h.finder.findNewMatches("n=Muea", at(10), 5)).toEqual([
      { id: "p5", title: "Room in Muea", monthlyRent: 15_000, neighbourhood: "Muea" },
    ]);
  });

  it("filters by neighbourhoods and types (repeatable), case-insensitively", async () => {
    expect(await ids("n=Molyko")).toEqual(["p3", "p1"]);
    expect(await ids("n=molyko&n=Bomaka")).toEqual(["p3", "p2", "p1"]);
    expect(await ids("type=studio&type=apartment")).toEqual(["p3", "p2"]);
    expect(await ids("n=Molyko&type=room")).toEqual(["p1"]);
  });

  it("filters by rent bounds, inclusive", async () => {
    expect(await ids("min=25000&max=40000")).toEqual(["p2", "p1"]);
    expect(await ids("max=15000")).toEqual(["p5"]);
    expect(await ids("min=80 000")).toEqual(["p3"]);
  });

  it("matches the keyword in the title, wildcards taken literally", async () => {
    expect(await ids("q=wifi")).toEqual(["p1"]);
    expect(await ids("q=ROOM")).toEqual(["p5", "p1"]);
    expect(await ids("q=100%25")).toEqual(["p2"]);
    expect(await ids("q=%25")).toEqual(["p2"]);
    expect(await ids("q=_")).toEqual([]);
  });
});
