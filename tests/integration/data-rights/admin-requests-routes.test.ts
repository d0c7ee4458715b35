// A person's request made by e-mail, served by an admin through the routes (decision 0228): the
// file, the closing with its reason and confirmation, the refusals, and the admin's list of them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as adminClose from "~/routes/admin+/users_.$id_.close";
import * as adminData from "~/routes/admin+/users_.$id_.data";
import * as adminDownload from "~/routes/admin+/users_.$id_.data_.download";
import * as adminDataRights from "~/routes/admin+/data-rights";
import { closedEmail, FORMER_USER_NAME } from "#domain/data-rights/account-closure";
import { createPersona, createRouteHarness, signedInJar, TEST_APP_URL, type RouteHarness } from "../../support/route-harness";

describe("admin-served data requests", () => {
  let h: RouteHarness;
  beforeAll(async () => {
    h = await createRouteHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  it("downloads a person's file with a reason, refuses without one, and lists the download", async () => {
    const admin = await createPersona(h, "admin", { fullName: "Ada Admin" });
    const jar = await signedInJar(h, admin.id);
    const student = await createPersona(h, "student", { fullName: "Nadia Student" });
    const other = await createPersona(h, "student", { fullName: "Other Person" });
    const url = `/admin/users/${student.id}/data/download`;
    const params = { id: student.id };

    const noReason = await h.post(adminDownload, url, { reason: "  " }, { jar: jar.clone(), params });
    expect(noReason.status).toBe(303);
    expect(noReason.location).toBe(`/admin/users/${student.id}/data?refused=reason_required`);
    expect((await h.get(adminData, noReason.location!, { jar: jar.clone(), params })).status).toBe(400);

    // The file itself, read as the browser gets it.
    const response = (await adminDownload.action({
      request: new Request(new URL(url, TEST_APP_URL), {
        method: "POST",
        headers: { Cookie: jar.header()!, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ reason: "E-mail of 27 November" }),
      }),
      context: h.context,
      params,
    })) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="kamernest-data-/);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const text = await response.text();
    expect(JSON.parse(text).account).toMatchObject({ email: student.email });
    expect(text).not.toContain(other.email);

    const page = await h.get(adminDataRights, "/admin/data-rights", { jar: jar.clone() });
    expect(page.status).toBe(200);
    expect(page.data.downloads[0]).toMatchObject({ userId: student.id, servedBy: admin.id, reason: "E-mail of 27 November" });
    expect(page.data.names).toMatchObject({ [student.id]: "Nadia Student", [admin.id]: "Ada Admin" });
  });

  it("closes a person's account with a reason and the confirmation; refuses others and non-admins", async () => {
    const admin = await createPersona(h, "admin");
    const jar = await signedInJar(h, admin.id);
    const student = await createPersona(h, "student");
    const studentJar = await signedInJar(h, student.id);
    const url = `/admin/users/${student.id}/close`;
    const params = { id: student.id };
    const account = () => h.services.accounts.repos.accounts.findById(student.id);

    // A student cannot reach it.
    const asStudent = await h.post(adminClose, url, { reason: "x", confirm: "yes" }, { jar: studentJar.clone(), params });
    expect(asStudent.status).not.toBe(200);
    expect(asStudent.location ?? "").not.toBe(`/admin/users/${student.id}`);
    expect((await account())?.email).toBe(student.email);

    const unconfirmed = await h.post(adminClose, url, { reason: "E-mail of 27 November" }, { jar: jar.clone(), params });
    expect(unconfirmed.status).toBe(400);
    const noReason = await h.post(adminClose, url, { confirm: "yes" }, { jar: jar.clone(), params });
    expect(noReason.status).toBe(400);
    expect((await account())?.email).toBe(student.email);
    const self = await h.post(
      adminClose,
      `/admin/users/${admin.id}/close`,
      { reason: "r", confirm: "yes" },
      { jar: jar.clone(), params: { id: admin.id } },
    );
    expect(self.status).toBe(403);

    const done = await h.post(adminClose, url, { reason: "E-mail of 27 November", confirm: "yes" }, { jar: jar.clone(), params });
    expect(done.status).toBe(302);
    expect(done.location).toBe(`/admin/users/${student.id}`);
    expect(await account()).toMatchObject({ fullName: FORMER_USER_NAME, email: closedEmail(student.id), passwordHash: null });

    const again = await h.get(adminClose, url, { jar: jar.clone(), params });
    expect(again.data).toMatchObject({ closed: true });
    const page = await h.get(adminDataRights, "/admin/data-rights", { jar: jar.clone() });
    expect(page.data.closures[0]).toMatchObject({ userId: student.id, servedBy: admin.id, reason: "E-mail of 27 November" });
  });
});
