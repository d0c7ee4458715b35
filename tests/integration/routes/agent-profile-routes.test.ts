// /agents/profile through its loader and action: what the agent sees (commission rate, payout
// schedule, terms date, verification state), what they may edit (the business fields only, with
// a crafted commission rate or status ignored), 'Failed to load agent data' when the read fails,
// the guard, and fuzzed posts that never give a 500 nor store an invalid row.
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as profileRoute from "~/routes/agents+/profile";
import { SPECIALIZATIONS } from "~/components/auth/auth-schemas";
import { isValidEmail, isValidHttpUrl } from "#domain/accounts/account-rules";
import {
  createPersona,
  createRouteHarness,
  signedInJar,
  type CookieJar,
  type FormFields,
  type RouteHarness,
} from "../../support/route-harness";
import { databaseKinds } from "../../support/test-database";

const RUNS = Number(process.env.FUZZ_RUNS ?? 150);

const validForm = (over: FormFields = {}): FormFields => ({
  intent: "profile",
  businessName: "  Ngwa Homes ",
  licenseNumber: "SW/BU/2022/0147",
  specializations: ["studios", "student_rooms"],
  businessPhone: "677 81 23 45",
  businessEmail: "Office@NgwaHomes.cm",
  businessAddress: "Malingo Street, Molyko",
  websiteUrl: "https://ngwahomes.example.cm",
  ...over,
});

const agentRow = (h: RouteHarness, id: string) =>
  h.database.db.selectFrom("agents").selectAll().where("user_id", "=", id).executeTakeFirstOrThrow();

describe.each(databaseKinds())("agent profile route (%s)", (kind) => {
  let h: RouteHarness;
  let agent: { id: string };
  let jar: CookieJar;
  beforeAll(async () => {
    h = await createRouteHarness({ kind });
    agent = await createPersona(h, "approvedAgent", { fullName: "Clovis Ngwa" });
    jar = await signedInJar(h, agent.id);
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("shows the business fields, the commission rate 5, the weekly payout, the terms and the verification state", async () => {
    const r = await h.get(profileRoute, "/agents/profile", { jar });
    expect(r.status).toBe(200);
    expect(r.data.loadFailed).toBeNull();
    expect(r.data.profile).toEqual({
      status: "approved",
      commissionRate: 5,
      payoutSchedule: "weekly",
      termsAcceptedAt: null,
      details: {
        businessName: "Test Homes",
        licenseNumber: "LIC-1",
        specializations: ["studios"],
        businessPhone: "+237670000000",
        businessEmail: "office@route.test",
        businessAddress: "Molyko, Buea",
        websiteUrl: "",
      },
    });
  });

  it("saves the business fields, normalised, and ignores a crafted commission rate, status or payout", async () => {
    const r = await h.post(
      profileRoute,
      "/agents/profile",
      validForm({
        commissionRate: "0",
        commission_rate: "0",
        status: "pending",
        verification_status: "pending",
        payoutSchedule: "daily",
        userId: "someone-else",
      }),
      { jar },
    );
    expect(r.status).toBe(302);
    expect(r.location).toBe("/agents/profile");
    const row = await agentRow(h, agent.id);
    expect(row).toMatchObject({
      business_name: "Ngwa Homes",
      business_phone: "+237677812345",
      business_email: "office@ngwahomes.cm",
      website_url: "https://ngwahomes.example.cm",
      verification_status: "approved",
      payout_schedule: "weekly",
    });
    expect(Number(row.commission_rate)).toBe(5);
    expect(JSON.parse(row.specializations)).toEqual(["studios", "student_rooms"]);
  });

  it("refuses invalid fields with translated messages and stores nothing", async () => {
    const before = await agentRow(h, agent.id);
    const badPhone = await h.post(profileRoute, "/agents/profile", validForm({ businessName: "Changed", businessPhone: "12" }), { jar });
    expect(badPhone.status).toBe(400);
    expect(badPhone.data.error.businessPhone).toEqual(["auth:errors.invalid_phone"]);
    const noName = await h.post(profileRoute, "/agents/profile", validForm({ businessName: "   " }), { jar });
    expect(noName.status).toBe(400);
    expect(noName.data.error.businessName).toEqual(["auth:errors.verification_business_name_required"]);
    expect(await agentRow(h, agent.id)).toEqual(before);
  });

  it("records the acceptance of the agent terms once, with its date", async () => {
    const first = await h.post(profileRoute, "/agents/profile", { intent: "accept-terms" }, { jar });
    expect(first.status).toBe(302);
    const acceptedAt = (await agentRow(h, agent.id)).terms_accepted_at;
    expect(acceptedAt).not.toBeNull();
    await h.post(profileRoute, "/agents/profile", { intent: "accept-terms" }, { jar });
    expect((await agentRow(h, agent.id)).terms_accepted_at).toBe(acceptedAt);
    expect((await h.get(profileRoute, "/agents/profile", { jar })).data.profile.termsAcceptedAt).toBe(acceptedAt);
  });

  it("shows 'Failed to load agent data' (English and French) when the profile cannot be read", async () => {
    const agents = h.services.accounts.repos.agents;
    // The guard reads the session user's agent status with the session (findWithHolder, decision
    // 0163): the only read of the agent row is the page's, and it fails.
    const spy = vi.spyOn(agents, "findByUserId");
    spy.mockImplementationOnce(async () => {
      throw new Error("database unavailable");
    });
    vi.spyOn(console, "error").mockImplementation(() => {});
    const en = await h.get(profileRoute, "/agents/profile", { jar });
    expect(en.status).toBe(200);
    expect(en.data).toMatchObject({ profile: null, loadFailed: "Failed to load agent data" });

    spy.mockImplementationOnce(async () => {
      throw new Error("database unavailable");
    });
    const fr = await h.get(profileRoute, "/agents/profile", { jar, headers: { "Accept-Language": "fr" } });
    expect(fr.data).toMatchObject({ profile: null, loadFailed: "Échec du chargement des données de l'agent" });
  });

  it("keeps pending agents, students and visitors out", async () => {
    const pending = await createPersona(h, "pendingAgent");
    const student = await createPersona(h, "student");
    const pendingJar = await signedInJar(h, pending.id);
    const studentJar = await signedInJar(h, student.id);
    const before = await agentRow(h, pending.id);
    for (const run of [
      (j?: CookieJar) => h.get(profileRoute, "/agents/profile", { jar: j }),
      (j?: CookieJar) => h.post(profileRoute, "/agents/profile", validForm({ businessName: "Hijack" }), { jar: j }),
    ]) {
      expect((await run(pendingJar)).location).toBe("/auth/agent-verification");
      expect((await run(studentJar)).location).toBe("/agents/unauthorized");
      expect((await run()).location).toMatch(/^\/auth\/login/);
    }
    expect(await agentRow(h, pending.id)).toEqual(before);
  });
});

const weird = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.fullUnicodeString({ maxLength: 40 }),
  fc.string({ minLength: 190, maxLength: 400 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "a\u0000b",
    "\u202e\u200b",
    "javascript:alert(1)",
    "ftp://x",
    "+237 677 12 34 56",
    "x@y",
    "' OR 1=1 --",
    "student_rooms",
    "5",
    "-1",
  ),
);
const anyField = fc.option(fc.oneof({ weight: 6, arbitrary: weird }, { weight: 1, arbitrary: fc.array(weird, { maxLength: 3 }) }), {
  nil: undefined,
});
const maybe = <T>(valid: fc.Arbitrary<T>) => fc.oneof({ weight: 3, arbitrary: valid }, { weight: 1, arbitrary: anyField });

describe.each(databaseKinds())("fuzzed agent profile posts (%s)", (kind) => {
  let h: RouteHarness;
  let agent: { id: string };
  let jar: CookieJar;
  beforeAll(async () => {
    h = await createRouteHarness({ kind });
    agent = await createPersona(h, "approvedAgent");
    jar = await signedInJar(h, agent.id);
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  it(`${RUNS} arbitrary forms: never a 500, the stored row always valid, the rate and status untouched`, async () => {
    const seen = new Set<number>();
    const form = fc.record(
      {
        intent: maybe(fc.constantFrom("profile", "accept-terms")),
        businessName: maybe(fc.constantFrom("Ngwa Homes", " Ayuk\u0000 Properties ")),
        licenseNumber: maybe(fc.constant("LIC-2")),
        specializations: maybe(fc.subarray([...SPECIALIZATIONS])),
        businessPhone: maybe(fc.constantFrom("677812345", "+237 690 11 22 33")),
        businessEmail: maybe(fc.constantFrom("a@b.cm", "OFFICE@X.CM")),
        businessAddress: maybe(fc.constant("Molyko")),
        websiteUrl: maybe(fc.constantFrom("", "https://x.cm", "http://y.cm/path")),
        commissionRate: anyField,
        status: anyField,
      },
      { requiredKeys: [] },
    ) as fc.Arbitrary<FormFields>;
    await fc.assert(
      fc.asyncProperty(form, async (fields) => {
        const r = await h.post(profileRoute, "/agents/profile", fields, { jar });
        expect([302, 400]).toContain(r.status);
        seen.add(r.status);
      }),
      { numRuns: RUNS },
    );
    if (RUNS >= 100) expect([...seen].sort()).toEqual([302, 400]);
    const request = new Request("http://localhost:3000/agents/profile", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data", Cookie: jar.header() ?? "" },
      body: "--x\r\nbroken",
    });
    expect((await h.call("action", profileRoute, request)).status).toBe(400);

    const row = await agentRow(h, agent.id);
    expect(row.verification_status).toBe("approved");
    expect(Number(row.commission_rate)).toBe(5);
    expect(row.payout_schedule).toBe("weekly");
    for (const value of [row.business_name, row.license_number, row.business_address]) {
      expect(value).toBe(value?.trim());
      expect(value?.length).toBeGreaterThan(0);
      // eslint-disable-next-line no-control-regex
      expect(value).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/);
    }
    expect(row.business_phone).toMatch(/^\+2376\d{8}$/);
    expect(isValidEmail(row.business_email ?? "")).toBe(true);
    expect(row.business_email).toBe(row.business_email?.toLowerCase());
    expect(row.website_url === null || isValidHttpUrl(row.website_url)).toBe(true);
    for (const s of JSON.parse(row.specializations) as string[]) expect(SPECIALIZATIONS).toContain(s);
  }, 240_000);
});
