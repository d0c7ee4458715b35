// Fuzzed posts to every action of the agent portal's property screens (fast-check): arbitrary
// strings, unicode, NUL, huge values, missing and repeated fields, files where text belongs, bodies
// that are not forms. Never a 500, and afterwards every property and photo row obeys the rules.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as listRoute from "~/routes/agents+/properties";
import * as newRoute from "~/routes/agents+/new-property";
import * as editRoute from "~/routes/agents+/properties_.$id.edit";
import { parseVisitingHours } from "#domain/booking/visiting-hours";
import {
  BUEA_BOUNDS,
  MAX_PHOTOS,
  NEIGHBOURHOODS,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
  TITLE_MAX,
  TITLE_MIN,
  MIN_RENT_XAF,
  MAX_RENT_XAF,
} from "#domain/property-management/managed-property.entity";
import {
  createPersona,
  createRouteHarness,
  signedInJar,
  TEST_APP_URL,
  type CookieJar,
  type FormFields,
  type RouteHarness,
} from "../../support/route-harness";
import { databaseKinds } from "../../support/test-database";
import { validProperty } from "./portal-support";

const RUNS = Number(process.env.FUZZ_RUNS ?? 150);

const weird = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.fullUnicodeString({ maxLength: 40 }),
  fc.string({ minLength: 1000, maxLength: 6000 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "a\u0000b",
    "\u202e\u200b",
    "😀".repeat(60),
    "null",
    "NaN",
    "-1",
    "0",
    "1e309",
    "9".repeat(400),
    "Infinity",
    "-4.15",
    "4.1532",
    "9.2905",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "on",
    "off",
    "true",
    "sold",
    "available",
    "cover",
    "up",
    "25:00",
  ),
  fc.integer().map(String),
  fc.double().map(String),
);
const file = fc.uint8Array({ maxLength: 64 }).map((bytes) => new File([new Uint8Array(bytes)], "x.jpg", { type: "image/jpeg" }));
const anyField = fc.option(
  fc.oneof({ weight: 6, arbitrary: weird }, { weight: 1, arbitrary: fc.array(weird, { maxLength: 3 }) }, { weight: 1, arbitrary: file }),
  { nil: undefined },
);
// Mostly valid values with some garbage per field: with 17 fields, even odds per field would
// almost never produce a valid form, and the success path would go unfuzzed.
const maybe = <T>(valid: fc.Arbitrary<T>) => fc.oneof({ weight: 12, arbitrary: valid }, { weight: 1, arbitrary: anyField });

/** In range most of the time, just outside it sometimes (the domain's bounds are what is fuzzed). */
const mostly = <T>(inside: fc.Arbitrary<T>, outside: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 6, arbitrary: inside }, { weight: 1, arbitrary: outside });

const propertyForm = fc.record(
  {
    intent: maybe(fc.constant("details")),
    title: maybe(fc.constantFrom(validProperty.title as string, "  Room  in   Bomaka  ", "Ét😀dio à Molyko")),
    description: maybe(fc.constantFrom("", "Nice", "x".repeat(5000))),
    propertyType: maybe(fc.constantFrom(...PROPERTY_TYPES)),
    monthlyRent: maybe(mostly(fc.integer({ min: 1000, max: 500_000 }), fc.constantFrom(0, 999, 10_000_001)).map(String)),
    advanceMonths: maybe(mostly(fc.integer({ min: 0, max: 24 }), fc.constantFrom(-1, 25)).map(String)),
    neighbourhood: maybe(fc.constantFrom(...NEIGHBOURHOODS)),
    address: maybe(fc.constantFrom(validProperty.address as string, "Mile 17 motor park")),
    latitude: maybe(mostly(fc.integer({ min: 3900, max: 4400 }), fc.constantFrom(3899, 4401, -4153)).map((n) => String(n / 1000))),
    longitude: maybe(mostly(fc.integer({ min: 9000, max: 9600 }), fc.constantFrom(8999, 9601)).map((n) => String(n / 1000))),
    bedrooms: maybe(mostly(fc.integer({ min: 0, max: 10 }), fc.constantFrom(-1, 11)).map(String)),
    bathrooms: maybe(mostly(fc.integer({ min: 0, max: 10 }), fc.constantFrom(-1, 11)).map(String)),
    wifi: maybe(fc.constant("on")),
    parking: maybe(fc.constant("on")),
    visitDays: maybe(fc.subarray(["sun", "mon", "tue", "wed", "thu", "fri", "sat"], { minLength: 1 })),
    visitFrom: maybe(mostly(fc.constantFrom("08:00", "09:00"), fc.constant("18:00"))),
    visitTo: maybe(mostly(fc.constantFrom("12:00", "17:00"), fc.constant("07:00"))),
  },
  // Every key present (a missing one comes from `anyField`), or a valid form would be a rare event.
) as fc.Arbitrary<FormFields>;

const listForm = fc.record(
  {
    intent: maybe(fc.constantFrom("status", "confirm")),
    propertyId: anyField,
    status: maybe(fc.constantFrom(...PROPERTY_STATUSES)),
    page: anyField,
  },
  { requiredKeys: [] },
) as fc.Arbitrary<FormFields>;

const photoForm = fc.record(
  {
    intent: maybe(fc.constantFrom("move-photo", "delete-photo", "add-photo")),
    photoId: anyField,
    move: maybe(fc.constantFrom("up", "down", "cover")),
    photo: anyField,
  },
  { requiredKeys: [] },
) as fc.Arbitrary<FormFields>;

const rawBody = fc.record({
  contentType: fc.constantFrom(
    "application/x-www-form-urlencoded",
    "multipart/form-data",
    "multipart/form-data; boundary=zzz",
    "application/json",
    "text/plain",
    "",
  ),
  body: fc.oneof(
    fc.string({ maxLength: 200 }),
    fc.constantFrom('--zzz\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\n\r\n', "%%%&&&===", "a=%ZZ&b"),
  ),
});

describe.each(databaseKinds())("fuzzed portal property posts (%s)", (kind) => {
  let h: RouteHarness;
  let jar: CookieJar;
  let agentId: string;
  let propertyId: string;
  let otherPropertyId: string;

  beforeAll(async () => {
    h = await createRouteHarness({ kind });
    const agent = await createPersona(h, "approvedAgent");
    agentId = agent.id;
    jar = await signedInJar(h, agent.id);
    const created = await h.post(newRoute, "/agents/new-property", validProperty, { jar });
    propertyId = decodeURIComponent(/properties\/([^/]+)\/edit/.exec(created.location ?? "")![1]);
    const otherJar = await signedInJar(h, (await createPersona(h, "approvedAgent")).id);
    const other = await h.post(newRoute, "/agents/new-property", validProperty, { jar: otherJar });
    otherPropertyId = decodeURIComponent(/properties\/([^/]+)\/edit/.exec(other.location ?? "")![1]);
  }, 60_000);
  afterAll(() => h?.close());

  const ids = () =>
    fc.oneof(
      { weight: 3, arbitrary: fc.constant(propertyId) },
      { weight: 1, arbitrary: fc.constant(otherPropertyId) },
      { weight: 1, arbitrary: weird },
    );

  it(`new and edit property posts: ${RUNS} forms each, never a 500, only valid rows`, async () => {
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(propertyForm, fc.boolean(), ids(), async (form, isNew, id) => {
        const r = isNew
          ? await h.post(newRoute, "/agents/new-property", form, { jar })
          : await h.post(editRoute, "/x", form, { jar, params: { id } });
        expect([302, 400, 404]).toContain(r.status);
        seen.add(r.status);
      }),
      { numRuns: RUNS * 2 },
    );
    if (RUNS >= 100) expect([...seen].sort()).toEqual([302, 400, 404]);
    await expectOnlyValidRows();
  }, 240_000);

  it(`status, availability and photo posts: ${RUNS} forms, never a 500`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          listForm.map((f) => ["list", f] as const),
          photoForm.map((f) => ["photo", f] as const),
        ),
        ids(),
        async ([which, form], id) => {
          const r =
            which === "list"
              ? await h.post(
                  listRoute,
                  "/agents/properties",
                  { ...form, propertyId: form.propertyId === undefined ? undefined : form.propertyId },
                  { jar },
                )
              : await h.post(editRoute, "/x", form, { jar, params: { id } });
          expect([302, 400, 404]).toContain(r.status);
        },
      ),
      { numRuns: RUNS },
    );
    await expectOnlyValidRows();
  }, 240_000);

  it("bodies that are not forms: a 4xx, never a 500", async () => {
    await fc.assert(
      fc.asyncProperty(rawBody, fc.constantFrom("new", "edit", "list"), async ({ contentType, body }, which) => {
        const headers: Record<string, string> = { Cookie: jar.header() ?? "" };
        if (contentType) headers["content-type"] = contentType;
        const request = new Request(new URL("/agents/x", TEST_APP_URL), { method: "POST", headers, body });
        const route = which === "new" ? newRoute : which === "edit" ? editRoute : listRoute;
        const r = await h.call("action", route, request, { params: { id: propertyId } });
        expect(r.status).toBeGreaterThanOrEqual(400);
        expect(r.status).toBeLessThan(500);
      }),
      { numRuns: Math.ceil(RUNS / 3) },
    );
    await expectOnlyValidRows();
  }, 240_000);

  async function expectOnlyValidRows() {
    const rows = await h.database.db.selectFrom("properties").selectAll().execute();
    // eslint-disable-next-line no-control-regex
    const control = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
    for (const p of rows) {
      const where = `property ${p.id}`;
      expect(p.title.length >= TITLE_MIN && p.title.length <= TITLE_MAX, where).toBe(true);
      expect(p.title, where).toBe(p.title.trim());
      expect(control.test(p.title + p.address + p.description), where).toBe(false);
      expect(PROPERTY_TYPES as readonly string[], where).toContain(p.property_type);
      expect(NEIGHBOURHOODS as readonly string[], where).toContain(p.neighbourhood);
      expect(PROPERTY_STATUSES as readonly string[], where).toContain(p.status);
      expect(Number(p.monthly_rent) >= MIN_RENT_XAF && Number(p.monthly_rent) <= MAX_RENT_XAF, where).toBe(true);
      expect(Number.isInteger(Number(p.monthly_rent)), where).toBe(true);
      expect(p.latitude >= BUEA_BOUNDS.minLatitude && p.latitude <= BUEA_BOUNDS.maxLatitude, where).toBe(true);
      expect(p.longitude >= BUEA_BOUNDS.minLongitude && p.longitude <= BUEA_BOUNDS.maxLongitude, where).toBe(true);
      expect(Number(p.bedrooms) >= 0 && Number(p.bedrooms) <= 10 && Number(p.bathrooms) >= 0 && Number(p.bathrooms) <= 10, where).toBe(
        true,
      );
      expect(p.is_available, where).toBe(p.status === "available" ? 1 : 0);
      if (p.visiting_hours !== null) expect(parseVisitingHours(p.visiting_hours), where).not.toBeNull();
      if (p.id !== propertyId && p.id !== otherPropertyId) expect(p.agent_id, where).toBe(agentId);
    }
    const other = rows.find((p) => p.id === otherPropertyId)!;
    expect(other.title, "the other agent's property is untouched").toBe(validProperty.title);
    expect(other.status).toBe("available");
    const photos = await h.database.db.selectFrom("photos").selectAll().where("owner_type", "=", "property").execute();
    const byOwner = new Map<string, number[]>();
    for (const ph of photos) byOwner.set(ph.owner_id, [...(byOwner.get(ph.owner_id) ?? []), Number(ph.position)]);
    for (const [owner, positions] of byOwner) {
      expect(positions.length, owner).toBeLessThanOrEqual(MAX_PHOTOS);
      expect(
        positions.sort((a, b) => a - b),
        owner,
      ).toEqual(positions.map((_, i) => i));
    }
  }
});
