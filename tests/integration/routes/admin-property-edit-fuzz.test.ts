// Fuzzed posts to /admin/properties/{id}/edit (fast-check): mostly valid property forms with
// garbage in some fields, odd ids, bodies that are not forms. Never a 500; afterwards every listing
// keeps its owner and status, holds only values the domain allows, and every change the admin
// made has exactly one audit row.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as adminEdit from "~/routes/admin+/properties_.$id.edit";
import * as newRoute from "~/routes/agents+/new-property";
import {
  MAX_RENT_XAF,
  MIN_RENT_XAF,
  NEIGHBOURHOODS,
  PROPERTY_TYPES,
  TITLE_MAX,
  TITLE_MIN,
} from "#domain/property-management/managed-property.entity";
import { createPersona, createRouteHarness, signedInJar, type CookieJar, type RouteHarness } from "../../support/route-harness";
import { CONTROL, RUNS, expectStatus, form, maybe, postForm, postRaw, rawBody, weird } from "./fuzz-support";
import { validProperty } from "./portal-support";

const v = (key: string) => validProperty[key] as string;
// Sixteen fields: with fuzz-support's one-in-five garbage per field a valid form would be rare and the
// success path (the write and its audit row) would go unfuzzed; here one field in thirteen is garbage,
// and values just outside the domain's bounds come one time in seven.
const often = <T extends string | string[]>(valid: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 12, arbitrary: valid }, { weight: 1, arbitrary: maybe(valid) });
const mostly = (inside: fc.Arbitrary<number>, outside: fc.Arbitrary<number>) =>
  fc.oneof({ weight: 6, arbitrary: inside }, { weight: 1, arbitrary: outside });
const adminForm = form({
  intent: often(fc.constant("details")),
  title: often(fc.constantFrom(v("title"), "  Room  in   Bomaka  ", "Ét😀dio à Molyko", "Corrected by the admin")),
  description: often(fc.constantFrom("", "Nice", "x".repeat(5000))),
  propertyType: often(fc.constantFrom(...PROPERTY_TYPES)),
  monthlyRent: often(mostly(fc.integer({ min: 1000, max: 500_000 }), fc.constantFrom(0, 999, 10_000_001)).map(String)),
  advanceMonths: often(mostly(fc.integer({ min: 0, max: 24 }), fc.constantFrom(-1, 25)).map(String)),
  neighbourhood: often(fc.constantFrom(...NEIGHBOURHOODS)),
  address: often(fc.constantFrom(v("address"), "Mile 17 motor park")),
  latitude: often(mostly(fc.integer({ min: 3900, max: 4400 }), fc.constantFrom(3899, 4401)).map((n) => String(n / 1000))),
  longitude: often(mostly(fc.integer({ min: 9000, max: 9600 }), fc.constantFrom(8999, 9601)).map((n) => String(n / 1000))),
  bedrooms: often(mostly(fc.integer({ min: 0, max: 10 }), fc.constantFrom(-1, 11)).map(String)),
  bathrooms: often(mostly(fc.integer({ min: 0, max: 10 }), fc.constantFrom(-1, 11)).map(String)),
  wifi: often(fc.constant("on")),
  visitDays: often(fc.subarray(["sun", "mon", "tue", "wed", "thu", "fri", "sat"], { minLength: 1 })),
  visitFrom: often(fc.constantFrom("08:00", "09:00", "18:00")),
  visitTo: often(fc.constantFrom("12:00", "17:00", "07:00")),
});

describe("fuzzed admin property edits", () => {
  let h: RouteHarness;
  let admin: CookieJar;
  let agentIds: string[];
  let propertyIds: string[];

  beforeAll(async () => {
    h = await createRouteHarness();
    admin = await signedInJar(h, (await createPersona(h, "admin")).id);
    agentIds = [];
    propertyIds = [];
    for (let i = 0; i < 2; i++) {
      const agent = await createPersona(h, "approvedAgent");
      agentIds.push(agent.id);
      const created = await h.post(newRoute, "/agents/new-property", validProperty, { jar: await signedInJar(h, agent.id) });
      propertyIds.push(decodeURIComponent(/properties\/([^/]+)\/edit/.exec(created.location ?? "")![1]));
    }
  }, 60_000);
  afterAll(() => h?.close());

  const ids = () => fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...propertyIds) }, { weight: 1, arbitrary: weird });

  it(`${RUNS * 2} forms: never a 500, only valid rows, one audit row per change`, async () => {
    const seen = new Set<number>();
    let changes = 0;
    await fc.assert(
      fc.asyncProperty(adminForm, ids(), async (fields, id) => {
        const before = await h.database.db
          .selectFrom("audit_log")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow();
        const toldBefore = h.publicPageChanges();
        const r = await postForm(h, adminEdit, "/admin/properties/x/edit", fields, { jar: admin.clone(), params: { id } });
        expectStatus(r, [302, 400, 404], "admin edit");
        seen.add(r.status);
        const after = await h.database.db
          .selectFrom("audit_log")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow();
        const written = Number(after.n) - Number(before.n);
        // A change is written with its audit row and told to the public pages; a form that changes nothing does neither.
        expect(written).toBe(r.status === 302 ? h.publicPageChanges() - toldBefore : 0);
        expect(h.publicPageChanges() - toldBefore).toBe(written);
        changes += written;
      }),
      { numRuns: RUNS * 2 },
    );
    expect(seen.has(400)).toBe(true);
    if (RUNS >= 40) expect(changes).toBeGreaterThan(0);
    const rows = await h.database.db.selectFrom("properties").selectAll().execute();
    expect(rows.map((p) => p.agent_id).sort()).toEqual([...agentIds].sort());
    for (const p of rows) {
      expect(propertyIds).toContain(p.id);
      expect(p.status).toBe("available");
      expect(p.title.length >= TITLE_MIN && p.title.length <= TITLE_MAX && p.title === p.title.trim(), p.title).toBe(true);
      expect(CONTROL.test(p.title + p.address + p.description)).toBe(false);
      expect(Number(p.monthly_rent) >= MIN_RENT_XAF && Number(p.monthly_rent) <= MAX_RENT_XAF).toBe(true);
      expect(NEIGHBOURHOODS as readonly string[]).toContain(p.neighbourhood);
    }
  }, 240_000);

  it("bodies that are not forms: a 4xx, never a 500", async () => {
    await fc.assert(
      fc.asyncProperty(rawBody, fc.constantFrom(...propertyIds), async (raw, id) => {
        const r = await postRaw(h, adminEdit, `/admin/properties/${id}/edit`, raw, { jar: admin.clone(), params: { id } });
        expectStatus(r, [400, 404, 413, 415], "admin edit raw body");
      }),
      { numRuns: RUNS },
    );
  }, 120_000);
});
