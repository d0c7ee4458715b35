// The help content's rules on the in-memory adapters: bounds and required English texts, the
// group order, moves within a group, the audit rows, the French fallback, and how a legal page's
// Markdown is cut into its table of contents.
import { beforeEach, describe, expect, it } from "vitest";
import { InMemoryAuditLog } from "#domain/accounts/in-memory-account-repositories";
import { anchorOf, FAQ_ANSWER_MAX, inLanguage, splitLegalBody, type FaqEntry } from "#domain/help-content/help-content.entity";
import {
  createFaqEntry,
  deleteFaqEntry,
  editFaqEntry,
  editLegalPage,
  moveFaqEntry,
  publicFaq,
  publicLegalPage,
} from "#domain/help-content/help-content.use-cases";
import { InMemoryHelpContentRepository, InMemoryHelpContentUnitOfWork } from "#domain/help-content/in-memory-help-content-repository";
import { FixedClock } from "#domain/shared/clock";
import { SequentialIds } from "#domain/shared/ids";
import { CountingPublicPages } from "#domain/shared/public-pages.port";

const NOW = new Date("2026-11-22T10:00:00Z");
/** Wraps the text in <p>: enough to see what was rendered, and from which language. */
const markdown = { toSafeHtml: (md: string) => `<p>${md}</p>` };
const input = { group: "visits", questionEn: " How long? ", questionFr: "", answerEn: "14 days.", answerFr: "14 jours." };

describe("help content use cases", () => {
  let content: InMemoryHelpContentRepository;
  let audit: InMemoryAuditLog;
  let deps: { uow: InMemoryHelpContentUnitOfWork; clock: FixedClock; ids: SequentialIds; publicPages: CountingPublicPages };
  const add = async (over: Partial<typeof input> = {}) => {
    const r = await createFaqEntry(deps, { adminId: "admin", ...input, ...over });
    if (!r.ok) throw new Error(r.error.code);
    return r.value;
  };

  beforeEach(() => {
    content = new InMemoryHelpContentRepository();
    audit = new InMemoryAuditLog();
    deps = {
      uow: new InMemoryHelpContentUnitOfWork(content, audit),
      clock: new FixedClock(NOW),
      ids: new SequentialIds("id"),
      publicPages: new CountingPublicPages(),
    };
  });

  it("adds entries at the end of their group, trimmed, with an audit row", async () => {
    const a = await add();
    const b = await add({ questionEn: "Second?" });
    const c = await add({ group: "finding" });
    expect([a.position, b.position, c.position]).toEqual([1, 2, 1]);
    expect(a).toMatchObject({ questionEn: "How long?", updatedAt: NOW, updatedBy: "admin" });
    const [row] = await audit.list({ limit: 10, action: "admin.faq.create", target: `faq:${a.id}` });
    expect(row.data).toEqual({
      target: `faq:${a.id}`,
      before: null,
      after: JSON.stringify({
        group: "visits",
        position: 1,
        questionEn: "How long?",
        questionFr: "",
        answerEn: "14 days.",
        answerFr: "14 jours.",
      }),
    });
  });

  it("refuses a missing English text, a text over its bound and an unknown group, writing nothing", async () => {
    for (const [over, code] of [
      [{ questionEn: "   " }, "help-content.text_required"],
      [{ answerEn: "" }, "help-content.text_required"],
      [{ answerFr: "x".repeat(FAQ_ANSWER_MAX + 1) }, "help-content.text_too_long"],
      [{ group: "nope" }, "help-content.invalid_group"],
    ] as const) {
      const r = await createFaqEntry(deps, { adminId: "admin", ...input, ...over });
      expect(r.ok ? "ok" : r.error.code).toBe(code);
    }
    expect(content.faq.size).toBe(0);
    expect(await audit.count({})).toBe(0);
  });

  it("edits an entry; a new group puts it last there; the same texts again are no change", async () => {
    const a = await add();
    await add({ group: "paying" });
    const moved = await editFaqEntry(deps, { adminId: "admin", id: a.id, ...input, group: "paying" });
    expect(moved.ok && moved.value).toMatchObject({ group: "paying", position: 2 });
    const same = await editFaqEntry(deps, { adminId: "admin", id: a.id, ...input, group: "paying" });
    expect(same.ok ? "ok" : same.error.code).toBe("help-content.no_change");
    const missing = await editFaqEntry(deps, { adminId: "admin", id: "nope", ...input });
    expect(missing.ok ? "ok" : missing.error.code).toBe("help-content.faq_not_found");
    expect((await audit.list({ limit: 10 })).map((e) => e.action)).toEqual(["admin.faq.edit", "admin.faq.create", "admin.faq.create"]);
  });

  it("moves within the group only, refusing past either end, and swaps even equal positions", async () => {
    const a = await add();
    const b = await add();
    await add({ group: "finding" });
    expect((await moveFaqEntry(deps, { adminId: "admin", id: b.id, direction: "up" })).ok).toBe(true);
    expect((await content.listFaq()).filter((e) => e.group === "visits").map((e) => e.id)).toEqual([b.id, a.id]);
    const top = await moveFaqEntry(deps, { adminId: "admin", id: b.id, direction: "up" });
    expect(top.ok ? "ok" : top.error.code).toBe("help-content.cannot_move");
    const bottom = await moveFaqEntry(deps, { adminId: "admin", id: a.id, direction: "down" });
    expect(bottom.ok ? "ok" : bottom.error.code).toBe("help-content.cannot_move");
    // Two rows with the same position (not written by this module, but possible): still a swap.
    const tie = (id: string): FaqEntry => ({
      id,
      group: "agents",
      position: 5,
      questionEn: id,
      questionFr: "",
      answerEn: id,
      answerFr: "",
      updatedAt: NOW,
      updatedBy: null,
    });
    await content.insertFaq(tie("t1"));
    await content.insertFaq(tie("t2"));
    expect((await moveFaqEntry(deps, { adminId: "admin", id: "t2", direction: "up" })).ok).toBe(true);
    expect((await content.listFaq()).filter((e) => e.group === "agents").map((e) => e.id)).toEqual(["t2", "t1"]);
  });

  it("deletes an entry with its text kept in the audit row", async () => {
    const a = await add();
    expect((await deleteFaqEntry(deps, { adminId: "admin", id: a.id })).ok).toBe(true);
    expect(content.faq.size).toBe(0);
    const [row] = await audit.list({ limit: 1, action: "admin.faq.delete" });
    expect(row.data.after).toBeNull();
    expect(JSON.parse(row.data.before as string)).toMatchObject({ questionEn: "How long?" });
    const again = await deleteFaqEntry(deps, { adminId: "admin", id: a.id });
    expect(again.ok ? "ok" : again.error.code).toBe("help-content.faq_not_found");
  });

  it("edits a stored legal page only, and the public page falls back to English", async () => {
    const missing = await editLegalPage(deps, { adminId: "admin", slug: "privacy", titleEn: "P", titleFr: "", bodyEn: "B", bodyFr: "" });
    expect(missing.ok ? "ok" : missing.error.code).toBe("help-content.legal_page_not_found");
    await content.saveLegal({
      slug: "privacy",
      titleEn: "Privacy",
      titleFr: "Confidentialité",
      bodyEn: "Old",
      bodyFr: "",
      updatedAt: new Date(0),
      updatedBy: null,
    });
    const r = await editLegalPage(deps, {
      adminId: "admin",
      slug: "privacy",
      titleEn: "Privacy",
      titleFr: "Confidentialité",
      bodyEn: "We keep little.\n\n## 1. What\n\nYour name.",
      bodyFr: "  ",
    });
    expect(r.ok).toBe(true);
    const fr = await publicLegalPage({ content, markdown }, "privacy", "fr");
    expect(fr).toEqual({
      title: "Confidentialité",
      introHtml: "<p>We keep little.</p>",
      sections: [{ id: "1-what", heading: "1. What", html: "<p>Your name.</p>" }],
      updatedAt: NOW,
    });
    const [row] = await audit.list({ limit: 1, action: "admin.legal.edit" });
    expect(row.data.target).toBe("legal:privacy");
  });

  it("shows the FAQ in the groups' order, leaving out empty groups, French when there is French", async () => {
    await add({ group: "account", questionEn: "Delete?", questionFr: "Supprimer ?", answerEn: "Yes.", answerFr: "" });
    await add({ group: "finding" });
    const groups = await publicFaq({ content, markdown }, "fr");
    expect(groups.map((g) => g.group)).toEqual(["finding", "account"]);
    expect(groups[1].questions[0]).toMatchObject({ question: "Supprimer ?", answer: "Yes.", answerHtml: "<p>Yes.</p>" });
  });
});

describe("legal page Markdown", () => {
  it("cuts at ## headings: the introduction, then sections with anchors, duplicates kept apart", () => {
    const body =
      "Intro line.\n\n## 1. Vos données\n\nText.\n\n### Detail\n\nMore.\n\n```\n## not a heading\n```\n\n## 1. Vos données\n\n## !!!\n";
    const { intro, sections } = splitLegalBody(body);
    expect(intro).toBe("Intro line.");
    expect(sections.map((s) => s.id)).toEqual(["1-vos-donnees", "1-vos-donnees-2", "section-3"]);
    expect(sections[0].body).toBe("Text.\n\n### Detail\n\nMore.\n\n```\n## not a heading\n```");
    expect(sections[1].body).toBe("");
  });

  it("makes anchors from headings, and picks the French text only when there is one", () => {
    expect(anchorOf("3. Visit booking subscription: 8 000 FCFA for 14 days")).toBe("3-visit-booking-subscription-8-000-fcfa-for-14-days");
    expect(anchorOf("Sécurité")).toBe("securite");
    expect(inLanguage({ en: "Hello", fr: "" }, "fr")).toBe("Hello");
    expect(inLanguage({ en: "Hello", fr: "Bonjour" }, "fr")).toBe("Bonjour");
    expect(inLanguage({ en: "Hello", fr: "Bonjour" }, "en")).toBe("Hello");
  });
});
