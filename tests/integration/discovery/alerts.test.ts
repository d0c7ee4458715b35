// The alert run as `npm run alerts:send` does it: Kysely saved searches and finder, the outbox
// mailer, on SQLite and PostgreSQL. Also what only the database knows: agent approval and availability.
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { FixedClock, HOUR_MS } from "#domain/shared/clock";
import { sendAlertsOnce } from "../../../scripts/alerts-send";
import { allDatabaseKinds, createTestDatabase, type TestDatabase, describeEachDatabase } from "../../support/test-database";
import { insertAgent, insertProfile, insertProperty } from "../contract/discovery-fixtures";

describeEachDatabase(allDatabaseKinds())("saved-search alerts on %s", (kind) => {
  let t: TestDatabase;
  const clock = new FixedClock(new Date("2026-11-20T09:00:00.000Z"));
  const config = { appUrl: "https://kamernest.test", mail: { from: "KamerNest <no-reply@kamernest.test>" } };
  beforeEach(async () => {
    vi.spyOn(console, "info").mockImplementation(() => {});
    t = await createTestDatabase(kind);
    await insertAgent(t.db, { id: "agent" });
    await insertAgent(t.db, { id: "pending-agent" });
    await t.db.updateTable("agents").set({ verification_status: "pending" }).where("user_id", "=", "pending-agent").execute();
    await insertProfile(t.db, { id: "u1", email: "ngozi@example.cm", fullName: "Ngozi Tabi" });
    await t.db
      .insertInto("saved_searches")
      .values({
        id: "s1",
        user_id: "u1",
        query: "n=Molyko&max=30000",
        last_notified_at: "2026-11-20T08:00:00.000Z",
        created_at: "2026-11-20T08:00:00.000Z",
      })
      .execute();
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await t.destroy();
  });

  it("mails the digest to the outbox with links to new, visible, available listings only", async () => {
    const created = "2026-11-20T08:30:00.000Z";
    await insertProperty(t.db, { id: "good", agentId: "agent", title: "Room by the gate", monthlyRent: 25_000, createdAt: created });
    await insertProperty(t.db, { id: "before", agentId: "agent", createdAt: "2026-11-20T07:59:00.000Z" });
    await insertProperty(t.db, { id: "pending", agentId: "pending-agent", createdAt: created });
    await insertProperty(t.db, { id: "taken", agentId: "agent", createdAt: created, isAvailable: false });
    await insertProperty(t.db, { id: "hidden", agentId: "agent", createdAt: created, hiddenAt: created });
    await insertProperty(t.db, { id: "dear", agentId: "agent", createdAt: created, monthlyRent: 60_000 });

    const summary = await sendAlertsOnce(t, config, { clock });
    expect(summary).toEqual({ searchesChecked: 1, emailsSent: 1, listingsSent: 1, failures: [] });
    const outbox = await t.db.selectFrom("outbox_emails").selectAll().execute();
    expect(outbox).toHaveLength(1);
    expect(outbox[0].to_address).toBe("ngozi@example.cm");
    expect(outbox[0].text_body).toContain("https://kamernest.test/listings/good");
    for (const id of ["before", "pending", "taken", "hidden", "dear"]) expect(outbox[0].text_body).not.toContain(`/listings/${id}`);
    const s1 = await t.db.selectFrom("saved_searches").select("last_notified_at").where("id", "=", "s1").executeTakeFirstOrThrow();
    expect(s1.last_notified_at).toBe(clock.now().toISOString());

    clock.advance(HOUR_MS);
    expect((await sendAlertsOnce(t, config, { clock })).emailsSent).toBe(0);
  });

  it("a search saved as q=%00 by a user sorted first stops nobody's alert (PostgreSQL refuses a NUL in a query)", async () => {
    // Saved before the keyword was cleaned: read back, it filters nothing and is no alert.
    await insertProfile(t.db, { id: "u0", email: "first@example.cm", fullName: "First Sorted" });
    for (const [id, query] of [
      ["s0", "q=%00"],
      ["s0b", "q=%00&q=%01"],
    ] as const) {
      await t.db
        .insertInto("saved_searches")
        .values({ id, user_id: "u0", query, last_notified_at: "2026-11-20T08:00:00.000Z", created_at: "2026-11-20T08:00:00.000Z" })
        .execute();
    }
    await insertProperty(t.db, {
      id: "good",
      agentId: "agent",
      title: "Room by the gate",
      monthlyRent: 25_000,
      createdAt: "2026-11-20T08:30:00.000Z",
    });

    const summary = await sendAlertsOnce(t, config, { clock });
    expect(summary).toEqual({ searchesChecked: 3, emailsSent: 1, listingsSent: 1, failures: [] });
    const outbox = await t.db.selectFrom("outbox_emails").select(["to_address", "text_body"]).execute();
    expect(outbox.map((m) => m.to_address)).toEqual(["ngozi@example.cm"]);
    expect(outbox[0].text_body).toContain("https://kamernest.test/listings/good");
  });
});
