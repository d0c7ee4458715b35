// /admin/properties/{id}/edit through its loader and action on a real database (SQLite, and
// PostgreSQL with TEST_DATABASE_URL): an admin edits another agent's listing, the change and its
// audit row land together and tell the page cache; the owner agent still cannot edit another
// agent's listing; bad input is a translated 4xx with nothing written; other roles are turned away.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as adminEdit from "~/routes/admin+/properties_.$id.edit";
import * as adminProperties from "~/routes/admin+/properties";
import * as agentEdit from "~/routes/agents+/properties_.$id.edit";
import * as newRoute from "~/routes/agents+/new-property";
import { createPersona, createRouteHarness, signedInJar, type CookieJar, type RouteHarness } from "../../support/route-harness";
import { databaseKinds } from "../../support/test-database";
import { validProperty } from "./portal-support";

describe.each(databaseKinds())("admin property edit routes (%s)", (kind) => {
  let h: RouteHarness;
  let admin: { id: string; jar: CookieJar };
  let owner: CookieJar;
  let otherAgent: CookieJar;
  let student: CookieJar;
  let propertyId: string;
  const row = () => h.database.db.selectFrom("properties").selectAll().where("id", "=", propertyId).executeTakeFirstOrThrow();
  const auditRows = () => h.database.db.selectFrom("audit_log").selectAll().where("action", "=", "admin.property_edited").execute();
  const url = () => `/admin/properties/${propertyId}/edit`;

  beforeAll(async () => {
    h = await createRouteHarness({ kind });
    const a = await createPersona(h, "admin");
    admin = { id: a.id, jar: await signedInJar(h, a.id) };
    owner = await signedInJar(h, (await createPersona(h, "approvedAgent")).id);
    otherAgent = await signedInJar(h, (await createPersona(h, "approvedAgent")).id);
    student = await signedInJar(h, (await createPersona(h, "student")).id);
    const created = await h.post(newRoute, "/agents/new-property", validProperty, { jar: owner.clone() });
    propertyId = decodeURIComponent(/properties\/([^/]+)\/edit/.exec(created.location ?? "")![1]);
    await h.database.db.updateTable("properties").set({ is_verified: 1 }).where("id", "=", propertyId).execute();
  }, 60_000);
  afterAll(() => h?.close());

  it("the list links each row to its edit page, which shows the agent's form filled in", async () => {
    const list = await h.get(adminProperties, "/admin/properties", { jar: admin.jar.clone() });
    expect(list.data.items.map((p: { id: string }) => p.id)).toContain(propertyId);
    const page = await h.get(adminEdit, url(), { jar: admin.jar.clone(), params: { id: propertyId } });
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({
      title: `Edit “${validProperty.title as string}”`,
      property: { id: propertyId, isVerified: true },
      defaults: { title: validProperty.title, monthlyRent: "35000", neighbourhood: "Molyko" },
    });
    expect((await h.get(adminEdit, "/admin/properties/nope/edit", { jar: admin.jar.clone(), params: { id: "nope" } })).status).toBe(404);
  });

  it("bad input: a translated 400 on the field (English and French), a missing listing 404; nothing written", async () => {
    const before = await row();
    const bad = await h.post(
      adminEdit,
      url(),
      { ...validProperty, monthlyRent: "5" },
      { jar: admin.jar.clone(), params: { id: propertyId } },
    );
    expect(bad.status).toBe(400);
    expect(bad.data.error.monthlyRent[0]).toMatch(/rent/i);
    const en = await h.post(adminEdit, url(), { ...validProperty, latitude: "12" }, { jar: admin.jar.clone(), params: { id: propertyId } });
    const fr = await h.post(
      adminEdit,
      url(),
      { ...validProperty, latitude: "12" },
      { jar: admin.jar.clone(), params: { id: propertyId }, headers: { "Accept-Language": "fr" } },
    );
    expect([en.status, fr.status]).toEqual([400, 400]);
    expect(JSON.stringify(fr.data.error)).not.toMatch(/portal\.|errors\./);
    expect(fr.data.error.latitude[0]).not.toBe(en.data.error.latitude[0]);
    expect((await h.post(adminEdit, url(), { title: "" }, { jar: admin.jar.clone(), params: { id: propertyId } })).status).toBe(400);
    const missing = await h.post(adminEdit, "/admin/properties/nope/edit", validProperty, {
      jar: admin.jar.clone(),
      params: { id: "nope" },
    });
    expect(missing.status).toBe(404);
    expect(missing.data.error[""][0]).not.toMatch(/portal\./);
    expect(await row()).toEqual(before);
    expect(await auditRows()).toEqual([]);
  });

  it("other roles are turned away before anything is read, and the other agent's own edit route still refuses the listing", async () => {
    for (const [jar, to] of [
      [student, "/admin/unauthorized"],
      [owner, "/admin/unauthorized"],
      [undefined, `/auth/login?${new URLSearchParams({ redirectTo: url() })}`],
    ] as const) {
      const r = await h.post(
        adminEdit,
        url(),
        { ...validProperty, title: "Taken over by a script" },
        { jar: jar?.clone(), params: { id: propertyId } },
      );
      expect(r.location).toBe(to);
    }
    const crafted = await h.post(
      agentEdit,
      `/agents/properties/${propertyId}/edit`,
      { ...validProperty, title: "Taken over by an agent" },
      { jar: otherAgent.clone(), params: { id: propertyId } },
    );
    expect(crafted.status).toBe(404);
    expect((await row()).title).toBe(validProperty.title);
    expect(await auditRows()).toEqual([]);
  });

  it("the admin edits another agent's listing: saved, still verified, audited with before and after, the page cache told", async () => {
    const toldBeforeR = h.publicPageChanges();
    const r = await h.post(
      adminEdit,
      url(),
      { ...validProperty, title: "Self-contained studio by the UB gate", monthlyRent: "30000" },
      { jar: admin.jar.clone(), params: { id: propertyId } },
    );
    expect(r.status).toBe(302);
    expect(r.location).toBe("/admin/properties");
    expect(h.publicPageChanges() - toldBeforeR).toBe(1);
    const stored = await row();
    expect(stored).toMatchObject({ title: "Self-contained studio by the UB gate", monthly_rent: 30000, is_verified: 1 });
    const rows = await auditRows();
    expect(rows).toHaveLength(1);
    expect(rows[0].actor_id).toBe(admin.id);
    const data = JSON.parse(rows[0].data) as Record<string, string>;
    expect(data.target).toBe(`property:${propertyId}`);
    expect(JSON.parse(data.before)).toEqual({ title: validProperty.title, monthlyRent: 35000 });
    expect(JSON.parse(data.after)).toEqual({ title: "Self-contained studio by the UB gate", monthlyRent: 30000 });
    // The owner sees the correction in the portal.
    const mine = await h.get(agentEdit, `/agents/properties/${propertyId}/edit`, { jar: owner.clone(), params: { id: propertyId } });
    expect(mine.data.defaults).toMatchObject({ title: "Self-contained studio by the UB gate", monthlyRent: "30000" });
    // The same form again changes nothing: no write, no audit row, no cache signal.
    const toldBeforeAgain = h.publicPageChanges();
    const again = await h.post(
      adminEdit,
      url(),
      { ...validProperty, title: "Self-contained studio by the UB gate", monthlyRent: "30000" },
      { jar: admin.jar.clone(), params: { id: propertyId } },
    );
    expect(again.location).toBe("/admin/properties");
    expect(h.publicPageChanges() - toldBeforeAgain).toBe(0);
    expect(await auditRows()).toHaveLength(1);
  });
});
