// The admin's user screens and the audit log through their routes: suspension signs the user out
// at once and blocks sign-in; crafted requests from other roles or against oneself change nothing;
// agent documents reach admins only; every action appears in /admin/audit; posts never 500.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as adminAgentDocument from "~/routes/admin+/agent-verification_.$agentId.documents.$documentId";
import * as adminAudit from "~/routes/admin+/audit";
import * as adminUsers from "~/routes/admin+/users";
import * as adminUser from "~/routes/admin+/users_.$id";
import * as login from "~/routes/auth+/login";
import * as profile from "~/routes/profile";
import { LIST_COUNT_AHEAD } from "#domain/shared/paging";
import { USERS_PAGE_SIZE } from "#domain/accounts/admin-users.queries";
import { createPersona, createRouteHarness, signedInJar, type RouteHarness } from "../../support/route-harness";
import { expectStatus, form, maybe, postForm, RUNS, weird } from "./fuzz-support";

describe("admin users and audit routes", () => {
  let h: RouteHarness;
  beforeAll(async () => {
    h = await createRouteHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  const userUrl = (id: string) => `/admin/users/${id}`;
  const account = (id: string) => h.services.accounts.repos.accounts.findById(id);

  it("suspends a user: their next request is signed out, sign-in is refused, the audit log shows it; reactivation lets them back", async () => {
    const admin = await createPersona(h, "admin");
    const adminJar = await signedInJar(h, admin.id);
    const student = await createPersona(h, "student", { fullName: "Suspended Sam" });
    const studentJar = await signedInJar(h, student.id);
    expect((await h.get(profile, "/profile", { jar: studentJar.clone() })).status).toBe(200);

    const noReason = await h.post(
      adminUser,
      userUrl(student.id),
      { intent: "suspend", reason: "  " },
      { jar: adminJar.clone(), params: { id: student.id } },
    );
    expect(noReason.status).toBe(400);
    expect((await account(student.id))?.suspendedAt).toBeNull();

    const done = await h.post(
      adminUser,
      userUrl(student.id),
      { intent: "suspend", reason: "Fake listings" },
      { jar: adminJar.clone(), params: { id: student.id } },
    );
    expect(done.status).toBe(302);
    expect(done.location).toBe(userUrl(student.id));
    expect((await h.get(profile, "/profile", { jar: studentJar.clone() })).location).toBe("/auth/login?redirectTo=%2Fprofile");

    const signIn = await h.post(login, "/auth/login", { intent: "password", email: student.email, password: student.password });
    expect(signIn.status).toBe(403);

    const audit = await h.get(adminAudit, "/admin/audit?action=admin.user_suspended", { jar: adminJar.clone() });
    expect(audit.status).toBe(200);
    const entry = audit.data.entries.find((e: { target: string }) => e.target === `user:${student.id}`);
    expect(entry).toMatchObject({
      actorId: admin.id,
      action: "admin.user_suspended",
      targetName: "Suspended Sam",
      reason: "Fake listings",
    });
    expect(entry.changes).toEqual(expect.arrayContaining([{ field: "suspended", before: "false", after: "true" }]));

    const page = await h.get(adminUser, userUrl(student.id), { jar: adminJar.clone(), params: { id: student.id } });
    expect(page.data.user.suspendedReason).toBe("Fake listings");
    expect(page.data.trail.map((e: { action: string }) => e.action)).toEqual(["admin.user_suspended"]);

    const back = await h.post(
      adminUser,
      userUrl(student.id),
      { intent: "reactivate" },
      { jar: adminJar.clone(), params: { id: student.id } },
    );
    expect(back.status).toBe(302);
    expect((await h.post(login, "/auth/login", { intent: "password", email: student.email, password: student.password })).status).toBe(302);
  });

  it("another role posting a valid admin form is turned away and nothing changes", async () => {
    const student = await createPersona(h, "student");
    for (const persona of ["student", "approvedAgent", "pendingAgent"] as const) {
      const attacker = await createPersona(h, persona);
      const jar = await signedInJar(h, attacker.id);
      for (const fields of [
        { intent: "suspend", reason: "x" },
        { intent: "role", role: "admin" },
      ]) {
        const r = await h.post(adminUser, userUrl(student.id), fields, { jar: jar.clone(), params: { id: student.id } });
        expect(r.location).toBe("/admin/unauthorized");
        const r2 = await h.post(
          adminUser,
          userUrl(attacker.id),
          { intent: "role", role: "admin" },
          { jar: jar.clone(), params: { id: attacker.id } },
        );
        expect(r2.location).toBe("/admin/unauthorized");
      }
      expect((await account(attacker.id))?.role).toBe(persona === "student" ? "student" : "agent");
    }
    expect(await account(student.id)).toMatchObject({ role: "student", suspendedAt: null });
  });

  it("an admin cannot demote or suspend themself, nor suspend another admin; an unknown user is a 404", async () => {
    const admin = await createPersona(h, "admin");
    const other = await createPersona(h, "admin");
    const jar = await signedInJar(h, admin.id);
    const self = await h.post(
      adminUser,
      userUrl(admin.id),
      { intent: "role", role: "student" },
      { jar: jar.clone(), params: { id: admin.id } },
    );
    expect(self.status).toBe(403);
    expect(
      (await h.post(adminUser, userUrl(admin.id), { intent: "suspend", reason: "x" }, { jar: jar.clone(), params: { id: admin.id } }))
        .status,
    ).toBe(403);
    expect(
      (await h.post(adminUser, userUrl(other.id), { intent: "suspend", reason: "x" }, { jar: jar.clone(), params: { id: other.id } }))
        .status,
    ).toBe(403);
    expect(
      (await h.post(adminUser, userUrl("nobody"), { intent: "reactivate" }, { jar: jar.clone(), params: { id: "nobody" } })).status,
    ).toBe(404);
    expect(await account(admin.id)).toMatchObject({ role: "admin", suspendedAt: null });
    expect(await account(other.id)).toMatchObject({ role: "admin", suspendedAt: null });
  });

  it("an admin cannot make an admin: a crafted role=admin is a translated 403 and changes nothing", async () => {
    const admin = await createPersona(h, "admin");
    const jar = await signedInJar(h, admin.id);
    const student = await createPersona(h, "student");
    const agent = await createPersona(h, "approvedAgent");
    const before = await h.services.accounts.repos.auditLog.count({});
    for (const target of [student, agent]) {
      const crafted = await h.post(
        adminUser,
        userUrl(target.id),
        { intent: "role", role: "admin" },
        { jar: jar.clone(), params: { id: target.id } },
      );
      expect(crafted.status).toBe(403);
      expect(crafted.data.formError).toBe(
        "Only the ADMIN_EMAILS setting makes someone an admin: ask the operator to add the address there.",
      );
    }
    const inFrench = await h.post(
      adminUser,
      userUrl(student.id),
      { intent: "role", role: "admin" },
      { jar: jar.clone(), params: { id: student.id }, headers: { "Accept-Language": "fr" } },
    );
    expect(inFrench.status).toBe(403);
    expect(inFrench.data.formError).toBe(
      "Seul le réglage ADMIN_EMAILS fait d'un compte un administrateur : demandez à l'exploitant d'y ajouter l'adresse.",
    );
    expect((await account(student.id))?.role).toBe("student");
    expect((await account(agent.id))?.role).toBe("agent");
    expect(await h.services.accounts.repos.auditLog.count({})).toBe(before);
    // The page says the role can change (to student or agent: the form, tests/unit/admin/user-role-form.test.tsx).
    expect((await h.get(adminUser, userUrl(student.id), { jar: jar.clone(), params: { id: student.id } })).data.roleChangeable).toBe(true);
  });

  it("an admin still in ADMIN_EMAILS keeps the role: the page offers no change and a crafted one is a 403", async () => {
    const listedEmail = `listed-${Date.now()}@route.test`;
    const listedHarness = await createRouteHarness({ env: { ADMIN_EMAILS: listedEmail } });
    try {
      const admin = await createPersona(listedHarness, "admin");
      const listed = await createPersona(listedHarness, "admin", { email: listedEmail });
      const jar = await signedInJar(listedHarness, admin.id);
      const page = await listedHarness.get(adminUser, userUrl(listed.id), { jar: jar.clone(), params: { id: listed.id } });
      expect(page.data.roleChangeable).toBe(false);
      const demote = await listedHarness.post(
        adminUser,
        userUrl(listed.id),
        { intent: "role", role: "student" },
        { jar: jar.clone(), params: { id: listed.id } },
      );
      expect(demote.status).toBe(403);
      expect(demote.data.formError).toBe(
        "This admin's address is in ADMIN_EMAILS: the operator removes it there first, then you can change the role.",
      );
      expect((await listedHarness.services.accounts.repos.accounts.findById(listed.id))?.role).toBe("admin");
    } finally {
      await listedHarness.close();
    }
  });

  it("changes a role and finds users by name, e-mail, phone and role", async () => {
    const admin = await createPersona(h, "admin");
    const jar = await signedInJar(h, admin.id);
    const student = await createPersona(h, "student", { fullName: "Zebulon Findme" });
    const r = await h.post(
      adminUser,
      userUrl(student.id),
      { intent: "role", role: "agent" },
      { jar: jar.clone(), params: { id: student.id } },
    );
    expect(r.status).toBe(302);
    expect(await h.services.accounts.repos.agents.findByUserId(student.id)).toMatchObject({ status: "unsubmitted" });
    const found = await h.get(adminUsers, "/admin/users?q=zebulon&role=agent", { jar: jar.clone() });
    expect(found.data.users.map((u: { id: string }) => u.id)).toEqual([student.id]);
    expect((await h.get(adminUsers, "/admin/users?q=zebulon&role=student", { jar: jar.clone() })).data.total).toBe(0);
    expect(
      (await h.get(adminUsers, `/admin/users?q=${encodeURIComponent(student.email.toUpperCase())}`, { jar: jar.clone() })).data.total,
    ).toBe(1);
    // A garbage page or role is read as the first page, every role.
    expect((await h.get(adminUsers, "/admin/users?page=-3&role=root", { jar: jar.clone() })).status).toBe(200);
  });

  it("streams an agent's document to admins only, with its type, a file name and a CSP that runs nothing; another agent's path is a 404", async () => {
    const admin = await createPersona(h, "admin");
    const agent = await createPersona(h, "pendingAgent");
    const other = await createPersona(h, "pendingAgent");
    const { repos, storage } = h.services.accounts;
    const bytes = new TextEncoder().encode("%PDF-1.4\n%%EOF\n");
    await storage.put(`agent-documents/${agent.id}/doc-1.pdf`, bytes, "application/pdf");
    await repos.agents.addDocument({
      id: "doc-1",
      agentId: agent.id,
      storageKey: `agent-documents/${agent.id}/doc-1.pdf`,
      originalName: 'licence "été".pdf',
      mimeType: "application/pdf",
      sizeBytes: bytes.length,
      createdAt: new Date(),
    });
    const url = `/admin/agent-verification/${agent.id}/documents/doc-1`;
    const params = { agentId: agent.id, documentId: "doc-1" };
    const got = await h.get(adminAgentDocument, `${url}?download=1`, { jar: await signedInJar(h, admin.id), params });
    expect(got.status).toBe(200);
    expect(got.headers.get("Content-Type")).toBe("application/pdf");
    expect(got.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    expect(got.headers.get("Content-Disposition")).toBe(
      `attachment; filename="licence __t__.pdf"; filename*=UTF-8''${encodeURIComponent('licence "été".pdf')}`,
    );
    expect(got.headers.get("Cache-Control")).toBe("private, no-store");
    const inline = await h.get(adminAgentDocument, url, { jar: await signedInJar(h, admin.id), params });
    expect(inline.headers.get("Content-Disposition")).toMatch(/^inline; /);

    const wrongAgent = await h.get(adminAgentDocument, url, {
      jar: await signedInJar(h, admin.id),
      params: { agentId: other.id, documentId: "doc-1" },
    });
    expect(wrongAgent.status).toBe(404);
    const asAgent = await h.get(adminAgentDocument, url, { jar: await signedInJar(h, agent.id), params });
    expect(asAgent.location).toBe("/admin/unauthorized");
  });

  it(`${RUNS} fuzzed posts to a user's page: never a 500, and a change only from a valid form`, async () => {
    const admin = await createPersona(h, "admin");
    const jar = await signedInJar(h, admin.id);
    const target = await createPersona(h, "student");
    await fc.assert(
      fc.asyncProperty(
        form({
          intent: maybe(fc.constantFrom("role", "suspend", "reactivate")),
          role: maybe(fc.constantFrom("student", "agent", "admin")),
          reason: maybe(fc.oneof(fc.constant("Spam"), weird)),
        }),
        async (fields) => {
          const r = await postForm(h, adminUser, userUrl(target.id), fields, { jar: jar.clone(), params: { id: target.id } });
          expectStatus(r, [302, 400, 403, 409], JSON.stringify(fields).slice(0, 200));
        },
      ),
      { numRuns: RUNS },
    );
    // Whatever happened, the admin is still an admin and every change has its audit row.
    expect((await account(admin.id))?.role).toBe("admin");
    const rows = await h.services.accounts.repos.auditLog.list({ target: `user:${target.id}`, limit: 1000 });
    for (const row of rows) expect(row.actorId).toBe(admin.id);
  }, 120_000);
  it("past LIST_COUNT_AHEAD users the count says 'more than', in English and French, and the pager still reaches every user", async () => {
    const admin = await createPersona(h, "admin");
    const jar = await signedInJar(h, admin.id);
    const rows = Array.from({ length: LIST_COUNT_AHEAD + 30 }, (_, i) => ({
      id: `bulk-${String(i).padStart(5, "0")}`,
      role: "student" as const,
      full_name: `Bulk Student ${i}`,
      email: `bulk-${i}@kamernest.test`,
      created_at: new Date(Date.UTC(2020, 0, 1, 0, 0, i)).toISOString(),
      updated_at: new Date(Date.UTC(2020, 0, 1)).toISOString(),
    }));
    for (let i = 0; i < rows.length; i += 200)
      await h.database.db
        .insertInto("profiles")
        .values(rows.slice(i, i + 200))
        .execute();
    const { n } = await h.database.db
      .selectFrom("profiles")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const everyone = Number(n);

    const first = await h.get(adminUsers, "/admin/users", { jar: jar.clone() });
    expect(first.data).toMatchObject({
      total: LIST_COUNT_AHEAD,
      totalIsCapped: true,
      page: 1,
      pageCount: LIST_COUNT_AHEAD / USERS_PAGE_SIZE,
    });
    expect(first.data.countText).toBe(`More than ${LIST_COUNT_AHEAD} users`);
    const french = await h.get(adminUsers, "/admin/users", { jar: jar.clone(), headers: { "Accept-Language": "fr" } });
    expect(french.data.countText).toBe(`Plus de ${LIST_COUNT_AHEAD} utilisateurs`);
    // The last page the pager offers is full, and from there the count reaches the end: exact again.
    const last = await h.get(adminUsers, `/admin/users?page=${first.data.pageCount}`, { jar: jar.clone() });
    expect(last.data.users).toHaveLength(USERS_PAGE_SIZE);
    expect(last.data).toMatchObject({ total: everyone, totalIsCapped: false, pageCount: Math.ceil(everyone / USERS_PAGE_SIZE) });
    expect(last.data.countText).toBe(`${everyone} users`);
    const end = await h.get(adminUsers, `/admin/users?page=${Math.ceil(everyone / USERS_PAGE_SIZE)}`, {
      jar: jar.clone(),
      headers: { "Accept-Language": "fr" },
    });
    expect(end.data.users.length).toBe(everyone - (Math.ceil(everyone / USERS_PAGE_SIZE) - 1) * USERS_PAGE_SIZE);
    expect(end.data.countText).toBe(`${everyone} utilisateurs`);
    // A filter still counts exactly below the cap.
    const one = await h.get(adminUsers, "/admin/users?q=Bulk+Student+1029", { jar: jar.clone() });
    expect([one.data.total, one.data.totalIsCapped, one.data.countText]).toEqual([1, false, "1 user"]);
  }, 60_000);
});
