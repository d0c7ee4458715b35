// No field a person can send chooses a role: sign-up, profile, login and agent verification
// ignore role, isAdmin and friends. Only ADMIN_EMAILS (server configuration) makes an admin.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as agentVerification from "~/routes/auth+/agent-verification";
import * as login from "~/routes/auth+/login";
import * as signup from "~/routes/auth+/signup";
import * as profile from "~/routes/profile";
import { createPersona, createRouteHarness, signedInJar, tinyPdf, type RouteHarness } from "../../support/route-harness";

const ESCALATION = {
  role: "admin",
  isAdmin: "true",
  is_admin: "1",
  admin: "on",
  "role[]": "admin",
  "user.role": "admin",
  verification_status: "approved",
  verificationStatus: "approved",
  status: "approved",
  agentStatus: "approved",
  commission_rate: "0",
  email_confirmed_at: "2020-01-01T00:00:00.000Z",
  emailConfirmed: "true",
  id: "00000000-0000-0000-0000-000000000000",
  userId: "00000000-0000-0000-0000-000000000000",
};

describe("roles cannot be chosen through forms", () => {
  let h: RouteHarness;
  beforeAll(async () => {
    h = await createRouteHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  const profileRow = (email: string) => h.database.db.selectFrom("profiles").selectAll().where("email", "=", email).executeTakeFirst();

  it("sign-up with role=admin and friends creates a student (or an agent when asked), unconfirmed", async () => {
    const student = await h.post(signup, "/auth/signup", {
      ...ESCALATION,
      name: "Eve",
      email: "eve@roles.test",
      password: "secret1",
      agreeToTerms: "on",
      agreeToPrivacy: "on",
    });
    expect(student.status).toBe(302);
    const row = await profileRow("eve@roles.test");
    expect(row).toMatchObject({ role: "student", email_confirmed_at: null });
    expect(row?.id).not.toBe(ESCALATION.id);

    await h.post(signup, "/auth/signup", {
      ...ESCALATION,
      name: "Eva",
      email: "eva@roles.test",
      password: "secret1",
      agreeToTerms: "on",
      agreeToPrivacy: "on",
      accountKind: "agent",
    });
    const agent = await profileRow("eva@roles.test");
    expect(agent?.role).toBe("agent");
    const agentRow = await h.database.db.selectFrom("agents").selectAll().where("user_id", "=", agent!.id).executeTakeFirst();
    expect(agentRow?.verification_status).toBe("unsubmitted");
  });

  it("refuses accountKind=admin (or any other kind) without creating an account", async () => {
    for (const accountKind of ["admin", "Admin", "ADMIN", "superuser", "agent ", ""]) {
      const email = `kind-${accountKind.trim().toLowerCase() || "empty"}-${accountKind.length}@roles.test`;
      const result = await h.post(signup, "/auth/signup", {
        name: "Mallory",
        email,
        password: "secret1",
        agreeToTerms: "on",
        agreeToPrivacy: "on",
        accountKind,
      });
      const row = await profileRow(email);
      if (accountKind === "") {
        // An empty choice is no choice: the default, student.
        expect(row?.role).toBe("student");
      } else {
        expect(result.status).toBe(400);
        expect(row).toBeUndefined();
      }
    }
    const admins = await h.database.db.selectFrom("profiles").select("id").where("role", "=", "admin").execute();
    expect(admins).toHaveLength(0);
  });

  it("profile posts change only the name and the phone", async () => {
    const user = await createPersona(h, "student");
    const jar = await signedInJar(h, user.id);
    const result = await h.post(
      profile,
      "/profile",
      { ...ESCALATION, intent: "profile", fullName: "Still Student", phone: "", email: "boss@roles.test" },
      { jar },
    );
    expect(result.status).toBe(302);
    const row = await profileRow(user.email);
    expect(row).toMatchObject({ role: "student", full_name: "Still Student", email: user.email });
    expect(await profileRow("boss@roles.test")).toBeUndefined();
  });

  it("login posts with role=admin sign in with the stored role", async () => {
    const user = await createPersona(h, "student");
    const result = await h.post(login, "/auth/login", { ...ESCALATION, intent: "password", email: user.email, password: user.password });
    expect(result.status).toBe(302);
    expect((await profileRow(user.email))?.role).toBe("student");
  });

  it("agent verification posts with status=approved end pending, and never make an admin", async () => {
    const agent = await createPersona(h, "unsubmittedAgent");
    const jar = await signedInJar(h, agent.id);
    const result = await h.post(
      agentVerification,
      "/auth/agent-verification",
      {
        ...ESCALATION,
        businessName: "Honest Homes",
        licenseNumber: "L-1",
        businessPhone: "670000000",
        businessEmail: "a@b.cm",
        businessAddress: "Buea",
        documents: tinyPdf(),
      },
      { jar },
    );
    expect(result.status).toBe(302);
    const row = await h.database.db.selectFrom("agents").selectAll().where("user_id", "=", agent.id).executeTakeFirstOrThrow();
    expect(row.verification_status).toBe("pending");
    expect(Number(row.commission_rate)).toBe(5);
    expect((await profileRow(agent.email))?.role).toBe("agent");
  });
});

describe("the admin allow-list is the one way to admin", () => {
  let h: RouteHarness;
  beforeAll(async () => {
    h = await createRouteHarness({ env: { ADMIN_EMAILS: "chief@roles.test" } });
  });
  afterAll(async () => {
    await h.close();
  });

  it("promotes a confirmed account on the list at sign-in, and no other", async () => {
    const chief = await createPersona(h, "student", { email: "chief@roles.test" });
    const other = await createPersona(h, "student");
    await h.post(login, "/auth/login", { intent: "password", email: chief.email, password: chief.password });
    await h.post(login, "/auth/login", { intent: "password", email: other.email, password: other.password, role: "admin" });
    const roles = await h.database.db
      .selectFrom("profiles")
      .select(["email", "role"])
      .where("email", "in", [chief.email, other.email])
      .execute();
    expect(Object.fromEntries(roles.map((r) => [r.email, r.role]))).toEqual({ [chief.email]: "admin", [other.email]: "student" });
  });
});
