import { afterEach, beforeEach, expect, it } from "vitest";
import { allDatabaseKinds, createTestDatabase, type TestDatabase, describeEachDatabase } from "../../support/test-database";
import { KyselyAgentDirectory } from "#infrastructure/repositories/kysely-agent-directory";
import { hoursAfterT0, listingFixtures } from "./listing-fixtures";

describeEachDatabase(allDatabaseKinds())("agent directory on %s", (kind) => {
  let db: TestDatabase;
  let directory: KyselyAgentDirectory;
  let fx: ReturnType<typeof listingFixtures>;

  beforeEach(async () => {
    db = await createTestDatabase(kind);
    directory = new KyselyAgentDirectory(db.db);
    fx = listingFixtures(db.db);
    await fx.student("s1");
  });
  afterEach(async () => {
    await db.destroy();
  });

  const reviews = async (agentId: string, ratings: number[]) => {
    for (const r of ratings) await fx.review(agentId, "s1", r);
  };

  it("lists approved agents only, by business name or name, with visible listing counts and ratings", async () => {
    await fx.agent("a-zed", { name: "Zed", businessName: "Acha Lodges", businessPhone: "677 12 34 56" });
    await fx.agent("a-bob", { name: "Bob" });
    await fx.agent("a-pending", { name: "Aaron", status: "pending" });
    await fx.insertProperties([
      fx.property({ id: "z1", agent_id: "a-zed" }),
      fx.property({ id: "z2", agent_id: "a-zed" }),
      fx.property({ id: "z3", agent_id: "a-zed", hidden_at: hoursAfterT0(1) }),
      fx.property({ id: "p1", agent_id: "a-pending" }),
    ]);
    await reviews("a-zed", [5, 4, 4]);
    const { agents, total } = await directory.listVerifiedAgents(0, 24);
    expect(total).toBe(2);
    expect(agents.map((a) => a.userId)).toEqual(["a-zed", "a-bob"]);
    expect(agents[0]).toEqual({
      userId: "a-zed",
      name: "Zed",
      businessName: "Acha Lodges",
      verified: true,
      rating: 13 / 3,
      reviewCount: 3,
      listingCount: 2,
      phone: "677 12 34 56",
      whatsapp: "237677123456",
    });
    expect(agents[1]).toMatchObject({ rating: null, reviewCount: 0, listingCount: 0, phone: null, whatsapp: null });
  });

  it("gives one page of the directory in name order, with how many agents there are in all", async () => {
    // Names out of order, an accented one, a business name standing for its agent's name.
    for (const [id, name, businessName] of [
      ["g1", "Zoé"],
      ["g2", "Émile"],
      ["g3", "Ben"],
      ["g4", "Yves", "Alpha Homes"],
      ["g5", "Carl"],
    ] as const) {
      await fx.agent(id, { name, ...(businessName ? { businessName } : {}) });
    }
    await fx.agent("g6", { name: "Aaron", status: "pending" });
    expect(await directory.listVerifiedAgents(0, 2)).toMatchObject({ total: 5, agents: [{ userId: "g4" }, { userId: "g3" }] });
    expect((await directory.listVerifiedAgents(2, 2)).agents.map((a) => a.userId)).toEqual(["g5", "g2"]);
    expect((await directory.listVerifiedAgents(4, 2)).agents.map((a) => a.userId)).toEqual(["g1"]);
    expect(await directory.listVerifiedAgents(6, 2)).toEqual({ agents: [], total: 5 });
  });

  it("ranks top-rated agents by Bayesian average, so one 5-star review does not top the list", async () => {
    await fx.agent("lucky", { name: "Lucky" });
    await fx.agent("steady", { name: "Steady" });
    await fx.agent("typical", { name: "Typical" });
    await fx.agent("unrated", { name: "Unrated" });
    await fx.agent("pending", { name: "Pending", status: "pending" });
    await reviews("lucky", [5]);
    await reviews(
      "steady",
      Array.from({ length: 20 }, (_, i) => (i % 5 === 0 ? 4 : 5)),
    ); // mean 4.8
    await reviews(
      "typical",
      Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? 3 : 4)),
    ); // mean 3.5
    await reviews("pending", [5, 5, 5, 5, 5, 5, 5, 5, 5, 5]);

    const top = await directory.topRatedAgents(10);
    expect(top.map((a) => a.userId)).toEqual(["steady", "lucky", "typical"]);
    // C = (5 + 96 + 70) / 41 over approved agents; score = (5C + sum) / (5 + n).
    const c = 171 / 41;
    expect(top[0].score).toBeCloseTo((5 * c + 96) / 25, 10);
    expect(top[1].score).toBeCloseTo((5 * c + 5) / 6, 10);
    expect(top[0].rating).toBeCloseTo(4.8, 10);
    expect(await directory.topRatedAgents(1)).toHaveLength(1);
  });

  it("has no top-rated agents before the first review", async () => {
    await fx.agent("a1");
    expect(await directory.topRatedAgents(5)).toEqual([]);
  });
});
