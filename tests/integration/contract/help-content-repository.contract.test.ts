// The help content (FAQ entries, legal pages) on the in-memory adapter, SQLite and PostgreSQL: page
// order, neighbours, writes, the legal upsert, a use case with its audit row in one transaction, a
// rollback, and (SQL only) the first-version seed written once.
import { afterEach, beforeEach, expect, it } from "vitest";
import { InMemoryAuditLog } from "#domain/accounts/in-memory-account-repositories";
import type { FaqEntry, LegalPage } from "#domain/help-content/help-content.entity";
import type { HelpContentRepos, HelpContentRepository } from "#domain/help-content/help-content-repository.port";
import { deleteFaqEntry, editLegalPage, moveFaqEntry } from "#domain/help-content/help-content.use-cases";
import { InMemoryHelpContentRepository, InMemoryHelpContentUnitOfWork } from "#domain/help-content/in-memory-help-content-repository";
import { FixedClock } from "#domain/shared/clock";
import { SequentialIds } from "#domain/shared/ids";
import type { UnitOfWork } from "#domain/shared/transaction";
import { KyselyHelpContentRepository, kyselyHelpContentUnitOfWork } from "#infrastructure/repositories/kysely-help-content-repository";
import { SEED_FAQ_ENTRIES, SEED_LEGAL_PAGES } from "#infrastructure/seed/help-content-first-version";
import { seedHelpContent } from "#infrastructure/seed/help-content-seed";
import { allDatabaseKinds, createTestDatabase, describeEachDatabase, type TestDatabase } from "../../support/test-database";
import { insertProfile } from "./discovery-fixtures";
import { CountingPublicPages } from "#domain/shared/public-pages.port";

const NOW = new Date("2026-11-22T10:00:00Z");
const BEFORE = new Date("2026-11-20T08:00:00Z");

const entry = (id: string, group: FaqEntry["group"], position: number): FaqEntry => ({
  id,
  group,
  position,
  questionEn: `Q ${id}?`,
  questionFr: id === "v2" ? "" : `Q ${id} ?`,
  answerEn: `A ${id}.`,
  answerFr: `R ${id}.`,
  updatedAt: BEFORE,
  updatedBy: null,
});
const terms: LegalPage = {
  slug: "terms",
  titleEn: "Terms",
  titleFr: "Conditions",
  bodyEn: "Intro.\n\n## 1. One\n\nText.",
  bodyFr: "",
  updatedAt: BEFORE,
  updatedBy: null,
};

interface Harness {
  content: HelpContentRepository;
  uow: UnitOfWork<HelpContentRepos>;
  audit(): Promise<{ action: string; actor: string | null; data: Record<string, unknown> }[]>;
  db: TestDatabase | null;
  close(): Promise<void>;
}

async function harness(kind: string): Promise<Harness> {
  if (kind === "memory") {
    const content = new InMemoryHelpContentRepository();
    const audit = new InMemoryAuditLog();
    return {
      content,
      uow: new InMemoryHelpContentUnitOfWork(content, audit),
      audit: async () => (await audit.list({ limit: 100 })).map((e) => ({ action: e.action, actor: e.actorId, data: e.data })),
      db: null,
      close: async () => {},
    };
  }
  const t = await createTestDatabase(kind as "sqlite" | "postgres");
  await insertProfile(t.db, { id: "admin", role: "admin" });
  return {
    content: new KyselyHelpContentRepository(t.db),
    uow: kyselyHelpContentUnitOfWork(t.db),
    audit: async () =>
      (await t.db.selectFrom("audit_log").selectAll().orderBy("created_at", "desc").execute()).map((r) => ({
        action: r.action,
        actor: r.actor_id,
        data: JSON.parse(r.data) as Record<string, unknown>,
      })),
    db: t,
    close: () => t.destroy(),
  };
}

describeEachDatabase(["memory", ...allDatabaseKinds()])("HelpContentRepository on %s", (kind) => {
  let h: Harness;
  let ids: SequentialIds;
  const deps = () => ({ uow: h.uow, clock: new FixedClock(NOW), ids, publicPages: new CountingPublicPages() });
  beforeEach(async () => {
    h = await harness(kind);
    ids = new SequentialIds("audit");
    // Inserted out of order: the list sorts by the groups' order, then position, then id.
    for (const e of [
      entry("a1", "account", 1),
      entry("v2", "visits", 2),
      entry("f1", "finding", 1),
      entry("v1", "visits", 1),
      entry("v3", "visits", 3),
    ])
      await h.content.insertFaq(e);
  });
  afterEach(() => h.close());

  it("lists the entries in page order, finds one and the last position of a group", async () => {
    expect((await h.content.listFaq()).map((e) => e.id)).toEqual(["f1", "v1", "v2", "v3", "a1"]);
    expect(await h.content.findFaq("v2")).toEqual(entry("v2", "visits", 2));
    expect(await h.content.findFaq("nope")).toBeNull();
    expect(await h.content.lastFaqPosition("visits")).toBe(3);
    expect(await h.content.lastFaqPosition("paying")).toBe(0);
    // Holding a group (and an empty one) changes nothing.
    await h.uow.run(async (repos) => {
      await repos.content.lockFaqGroup("visits");
      await repos.content.lockFaqGroup("paying");
    });
    expect(await h.content.findFaq("v2")).toEqual(entry("v2", "visits", 2));
  });

  it("finds the neighbours within a group only", async () => {
    const v1 = (await h.content.findFaq("v1"))!;
    const v3 = (await h.content.findFaq("v3"))!;
    expect(await h.content.faqNeighbour(v1, "up")).toBeNull();
    expect((await h.content.faqNeighbour(v1, "down"))?.id).toBe("v2");
    expect((await h.content.faqNeighbour(v3, "up"))?.id).toBe("v2");
    expect(await h.content.faqNeighbour(v3, "down")).toBeNull();
  });

  it("updates and deletes an entry", async () => {
    await h.content.updateFaq({ ...entry("v2", "paying", 7), answerFr: "Nouveau.", updatedAt: NOW, updatedBy: "admin" });
    expect(await h.content.findFaq("v2")).toMatchObject({
      group: "paying",
      position: 7,
      answerFr: "Nouveau.",
      updatedAt: NOW,
      updatedBy: "admin",
    });
    await h.content.deleteFaq("v2");
    expect(await h.content.findFaq("v2")).toBeNull();
    expect(await h.content.lockFaq("v2")).toBeNull();
  });

  it("inserts a legal page, replaces it, and lists the pages in their order", async () => {
    expect(await h.content.findLegal("terms")).toBeNull();
    await h.content.saveLegal({ ...terms, slug: "privacy", titleEn: "Privacy" });
    await h.content.saveLegal(terms);
    expect((await h.content.listLegal()).map((p) => p.slug)).toEqual(["terms", "privacy"]);
    await h.content.saveLegal({ ...terms, bodyFr: "Texte.", updatedAt: NOW, updatedBy: "admin" });
    expect(await h.content.lockLegal("terms")).toEqual({ ...terms, bodyFr: "Texte.", updatedAt: NOW, updatedBy: "admin" });
  });

  it("moves an entry and writes its audit row in the same transaction", async () => {
    const moved = await moveFaqEntry(deps(), { adminId: "admin", id: "v3", direction: "up" });
    expect(moved.ok).toBe(true);
    expect((await h.content.listFaq()).map((e) => e.id)).toEqual(["f1", "v1", "v3", "v2", "a1"]);
    expect(await h.audit()).toEqual([
      {
        action: "admin.faq.move",
        actor: "admin",
        data: { target: "faq:v3", before: '{"position":3}', after: '{"position":2,"direction":"up"}' },
      },
    ]);
  });

  it("runs two moves in one group at once one after the other: both land, positions stay distinct", async () => {
    const [a, b] = await Promise.all([
      moveFaqEntry(deps(), { adminId: "admin", id: "v1", direction: "down" }),
      moveFaqEntry(deps(), { adminId: "admin", id: "v3", direction: "up" }),
    ]);
    expect([a.ok, b.ok]).toEqual([true, true]);
    const visits = (await h.content.listFaq()).filter((e) => e.group === "visits");
    expect(new Set(visits.map((e) => e.position)).size).toBe(3);
    expect(visits.map((e) => e.id).sort()).toEqual(["v1", "v2", "v3"]);
    expect(await h.audit()).toHaveLength(2);
  });

  it("edits a legal page with its audit row; deleting then rolls back when the work fails", async () => {
    await h.content.saveLegal(terms);
    const r = await editLegalPage(deps(), {
      adminId: "admin",
      slug: "terms",
      titleEn: "Terms",
      titleFr: "Conditions",
      bodyEn: terms.bodyEn,
      bodyFr: "Intro FR.",
    });
    expect(r.ok).toBe(true);
    expect((await h.content.findLegal("terms"))?.bodyFr).toBe("Intro FR.");
    expect((await h.audit()).map((a) => [a.action, a.data.target])).toEqual([["admin.legal.edit", "legal:terms"]]);
    await expect(
      h.uow.run(async (repos) => {
        await repos.content.deleteFaq("f1");
        await repos.audit.record({ id: "x", actorId: "admin", action: "admin.faq.delete", data: { target: "faq:f1" }, at: NOW });
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await h.content.findFaq("f1")).not.toBeNull();
    expect(await h.audit()).toHaveLength(1);
    expect((await deleteFaqEntry(deps(), { adminId: "admin", id: "f1" })).ok).toBe(true);
    expect(await h.content.findFaq("f1")).toBeNull();
  });

  it("writes the first versions once, and never over an admin's edits (SQL)", async () => {
    if (!h.db) return;
    const db = h.db.db;
    await db.deleteFrom("faq_entries").execute();
    expect(await seedHelpContent(db)).toEqual({ seeded: true });
    expect((await h.content.listLegal()).map((p) => p.slug)).toEqual(["terms", "terms-agents", "privacy"]);
    const faq = await h.content.listFaq();
    expect(faq).toHaveLength(SEED_FAQ_ENTRIES.length);
    expect(faq[0]).toMatchObject({ group: "finding", position: 1, questionEn: SEED_FAQ_ENTRIES[0].questionEn });
    expect((await h.content.findLegal("privacy"))?.bodyFr).toBe(SEED_LEGAL_PAGES.find((p) => p.slug === "privacy")!.bodyFr);
    await h.content.deleteFaq(faq[0].id);
    expect(await seedHelpContent(db)).toEqual({ seeded: false });
    expect(await h.content.listFaq()).toHaveLength(SEED_FAQ_ENTRIES.length - 1);
  });
});
