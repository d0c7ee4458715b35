// The admin's help content through the loaders and actions on a real database (seeded with the
// first versions): add, edit, move and delete an FAQ entry, edit a legal page (with a preview that
// stores nothing); each change lands with its audit row, shows on the public page, and tells the
// page cache. Refusals are translated 4xx with the typed text kept; other roles change nothing.
import { afterAll, beforeAll, expect, it } from "vitest";
import * as adminAudit from "~/routes/admin+/audit";
import * as adminFaq from "~/routes/admin+/content_.faq";
import * as adminFaqEntry from "~/routes/admin+/content_.faq_.$id";
import * as adminFaqDelete from "~/routes/admin+/content_.faq_.$id_.delete";
import * as adminLegal from "~/routes/admin+/content_.legal";
import * as adminLegalPage from "~/routes/admin+/content_.legal_.$slug";
import * as faqPage from "~/routes/faq";
import * as privacyPage from "~/routes/privacy";
import * as termsPage from "~/routes/terms";
import { FAQ_QUESTION_MAX } from "#domain/help-content/help-content.entity";
import { SEED_FAQ_ENTRIES } from "#infrastructure/seed/help-content-first-version";
import { seedHelpContent } from "#infrastructure/seed/help-content-seed";
import { createPersona, createRouteHarness, signedInJar, type CookieJar, type RouteHarness } from "../../support/route-harness";
import { allDatabaseKinds, describeEachDatabase } from "../../support/test-database";

describeEachDatabase(allDatabaseKinds())("admin help content routes (%s)", (kind) => {
  let h: RouteHarness;
  let admin: { id: string; jar: CookieJar };
  let student: CookieJar;
  const audit = (action: string) => h.database.db.selectFrom("audit_log").selectAll().where("action", "=", action).execute();
  const faqRows = () => h.database.db.selectFrom("faq_entries").selectAll().execute();
  const entry = {
    group: "paying",
    questionEn: "Can I pay by card?",
    questionFr: "Puis-je payer par carte ?",
    answerEn: "Not yet: **mobile money** only.",
    answerFr: "",
  };
  const as = () => ({ jar: admin.jar.clone() });

  beforeAll(async () => {
    h = await createRouteHarness({ kind });
    await seedHelpContent(h.database.db);
    const a = await createPersona(h, "admin");
    admin = { id: a.id, jar: await signedInJar(h, a.id) };
    student = await signedInJar(h, (await createPersona(h, "student")).id);
  });
  afterAll(async () => {
    await h?.close();
  });

  it("lists the seeded entries by group", async () => {
    const r = await h.get(adminFaq, "/admin/content/faq", as());
    expect(r.status).toBe(200);
    expect(r.data.groups.map((g: { group: string }) => g.group)).toEqual([
      "finding",
      "visits",
      "paying",
      "guestHouses",
      "agents",
      "account",
    ]);
    expect(r.data.groups.flatMap((g: { entries: unknown[] }) => g.entries)).toHaveLength(SEED_FAQ_ENTRIES.length);
  });

  it("adds an entry at the end of its group, audited, shown on /faq with the English answer for French readers", async () => {
    const toldBeforeR = h.publicPageChanges();
    const r = await h.post(adminFaq, "/admin/content/faq", { intent: "create", ...entry }, as());
    expect(r.status).toBe(302);
    expect(h.publicPageChanges() - toldBeforeR).toBe(1);
    const row = (await faqRows()).find((e) => e.question_en === entry.questionEn)!;
    expect(row).toMatchObject({
      group_key: "paying",
      position: SEED_FAQ_ENTRIES.filter((e) => e.group === "paying").length + 1,
      updated_by: admin.id,
    });
    expect(r.location).toBe(`/admin/content/faq#faq-entry-${row.id}`);
    const [log] = await audit("admin.faq.create");
    expect(log.actor_id).toBe(admin.id);
    expect(JSON.parse(log.data)).toMatchObject({ target: `faq:${row.id}`, before: null });
    expect(JSON.parse(JSON.parse(log.data).after)).toMatchObject({ questionEn: entry.questionEn, answerFr: "" });

    const fr = await h.get(faqPage, "/faq?lng=fr");
    const paying = fr.data.groups.find((g: { group: string }) => g.group === "paying");
    const mine = paying.questions.at(-1);
    expect(mine).toMatchObject({ question: entry.questionFr, answerHtml: "<p>Not yet: <strong>mobile money</strong> only.</p>\n" });
    expect(JSON.stringify(fr.data.jsonLd)).toContain(entry.questionFr);
  });

  it("refuses a missing English answer and a too-long question with a translated 400, keeping the typed text", async () => {
    const missing = await h.post(adminFaq, "/admin/content/faq", { intent: "create", ...entry, answerEn: "  " }, as());
    expect(missing.status).toBe(400);
    expect(missing.data.formError).toMatch(/English texts are required/);
    expect(missing.data.values.questionEn).toBe(entry.questionEn);
    const long = await h.post(
      adminFaq,
      "/admin/content/faq?lng=fr",
      { intent: "create", ...entry, questionEn: "x".repeat(FAQ_QUESTION_MAX + 1) },
      { jar: admin.jar.clone(), headers: { "Accept-Language": "fr" } },
    );
    expect(long.status).toBe(400);
    const badGroup = await h.post(adminFaq, "/admin/content/faq", { intent: "create", ...entry, group: "nope" }, as());
    expect(badGroup.status).toBe(400);
    expect(await audit("admin.faq.create")).toHaveLength(1);
  });

  it("edits an entry: the public FAQ shows the new answer; saving the same again is a 409", async () => {
    const id = "faq-visits-1";
    const page = await h.get(adminFaqEntry, `/admin/content/faq/${id}`, { ...as(), params: { id } });
    expect(page.status).toBe(200);
    const next = { ...page.data.entry, answerEn: "Fourteen days, from the confirmed payment." };
    const toldBeforeR = h.publicPageChanges();
    const r = await h.post(
      adminFaqEntry,
      `/admin/content/faq/${id}`,
      {
        intent: "save",
        group: next.group,
        questionEn: next.questionEn,
        questionFr: next.questionFr,
        answerEn: next.answerEn,
        answerFr: next.answerFr,
      },
      { ...as(), params: { id } },
    );
    expect(r.status).toBe(302);
    expect(h.publicPageChanges() - toldBeforeR).toBe(1);
    const pub = await h.get(faqPage, "/faq?lng=en");
    expect(JSON.stringify(pub.data.groups)).toContain("Fourteen days, from the confirmed payment.");
    const [log] = await audit("admin.faq.edit");
    expect(JSON.parse(log.data).target).toBe(`faq:${id}`);
    // The audit page shows the change field by field, linked to the entry's page.
    const trail = await h.get(adminAudit, "/admin/audit?action=admin.faq.edit", as());
    expect(trail.data.entries[0]).toMatchObject({ target: `faq:${id}`, targetHref: `/admin/content/faq/${id}` });
    expect(trail.data.entries[0].changes).toContainEqual({ field: "answerEn", before: page.data.entry.answerEn, after: next.answerEn });
    const again = await h.post(
      adminFaqEntry,
      `/admin/content/faq/${id}`,
      {
        intent: "save",
        group: next.group,
        questionEn: next.questionEn,
        questionFr: next.questionFr,
        answerEn: next.answerEn,
        answerFr: next.answerFr,
      },
      { ...as(), params: { id } },
    );
    expect(again.status).toBe(409);
    const missing = await h.get(adminFaqEntry, "/admin/content/faq/nope", { ...as(), params: { id: "nope" } });
    expect(missing.status).toBe(404);
  });

  it("moves an entry within its group, and refuses to move the first one up", async () => {
    const ids = async () =>
      (await h.get(adminFaq, "/admin/content/faq", as())).data.groups
        .find((g: { group: string }) => g.group === "finding")
        .entries.map((e: { id: string }) => e.id);
    const before = await ids();
    const r = await h.post(adminFaq, "/admin/content/faq", { intent: "move", id: before[1], direction: "up" }, as());
    expect(r.status).toBe(302);
    expect(await ids()).toEqual([before[1], before[0], ...before.slice(2)]);
    const top = await h.post(adminFaq, "/admin/content/faq", { intent: "move", id: before[1], direction: "up" }, as());
    expect(top.status).toBe(409);
    expect(await audit("admin.faq.move")).toHaveLength(1);
  });

  it("deletes an entry after its confirmation page, audited with its text", async () => {
    const id = "faq-account-3";
    const confirm = await h.get(adminFaqDelete, `/admin/content/faq/${id}/delete`, { ...as(), params: { id } });
    expect(confirm.status).toBe(200);
    const r = await h.post(adminFaq, "/admin/content/faq", { intent: "delete", id }, as());
    expect(r.status).toBe(302);
    expect((await faqRows()).some((e) => e.id === id)).toBe(false);
    const [log] = await audit("admin.faq.delete");
    expect(JSON.parse(log.data)).toMatchObject({ target: `faq:${id}`, after: null });
    expect((await h.post(adminFaq, "/admin/content/faq", { intent: "delete", id }, as())).status).toBe(404);
    expect((await h.get(adminFaqDelete, `/admin/content/faq/${id}/delete`, { ...as(), params: { id } })).status).toBe(404);
  });

  it("previews a legal page without storing it, then saves it: /terms shows it, audited", async () => {
    const list = await h.get(adminLegal, "/admin/content/legal", as());
    expect(list.data.pages.map((p: { slug: string }) => p.slug)).toEqual(["terms", "terms-agents", "privacy"]);
    const params = { slug: "terms" };
    const page = await h.get(adminLegalPage, "/admin/content/legal/terms", { ...as(), params });
    const body = `${page.data.page.bodyEn}\n\n## 11. Contact\n\nWrite to us.`;
    const fields = { titleEn: page.data.page.titleEn, titleFr: page.data.page.titleFr, bodyEn: body, bodyFr: page.data.page.bodyFr };
    const toldBeforePreview = h.publicPageChanges();
    const preview = await h.post(adminLegalPage, "/admin/content/legal/terms", { intent: "preview", ...fields }, { ...as(), params });
    expect(preview.status).toBe(200);
    expect(h.publicPageChanges() - toldBeforePreview).toBe(0);
    expect(preview.data.preview.en.sections.at(-1)).toEqual({ id: "11-contact", heading: "11. Contact", html: "<p>Write to us.</p>\n" });
    expect((await h.get(termsPage, "/terms?lng=en")).data.page.sections.at(-1).heading).not.toBe("11. Contact");
    const toldBeforeSaved = h.publicPageChanges();
    const saved = await h.post(adminLegalPage, "/admin/content/legal/terms", { intent: "save", ...fields }, { ...as(), params });
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/admin/content/legal");
    expect(h.publicPageChanges() - toldBeforeSaved).toBe(1);
    const pub = await h.get(termsPage, "/terms?lng=en");
    expect(pub.data.page.sections.at(-1)).toMatchObject({ id: "11-contact", heading: "11. Contact" });
    const [log] = await audit("admin.legal.edit");
    expect(JSON.parse(log.data).target).toBe("legal:terms");
    const empty = await h.post(
      adminLegalPage,
      "/admin/content/legal/terms",
      { intent: "save", ...fields, bodyEn: "" },
      { ...as(), params },
    );
    expect(empty.status).toBe(400);
    expect(empty.data.values.titleEn).toBe(fields.titleEn);
    expect((await h.get(adminLegalPage, "/admin/content/legal/nope", { ...as(), params: { slug: "nope" } })).status).toBe(404);
  });

  it("refuses every help-content action to a student, changing nothing", async () => {
    const count = (await faqRows()).length;
    for (const [route, url, form, params] of [
      [adminFaq, "/admin/content/faq", { intent: "create", ...entry }, undefined],
      [adminFaq, "/admin/content/faq", { intent: "delete", id: "faq-finding-1" }, undefined],
      [adminFaqEntry, "/admin/content/faq/faq-finding-1", { intent: "save", ...entry }, { id: "faq-finding-1" }],
      [adminLegalPage, "/admin/content/legal/privacy", { intent: "save", titleEn: "X", bodyEn: "Y" }, { slug: "privacy" }],
    ] as const) {
      const r = await h.post(route, url, form, { jar: student.clone(), params });
      expect(r.status).toBe(302);
      expect(r.location).toBe("/admin/unauthorized");
    }
    expect((await faqRows()).length).toBe(count);
    const privacy = await h.get(privacyPage, "/privacy");
    expect(privacy.data.page.title).toBe("Privacy Policy");
  });
});
