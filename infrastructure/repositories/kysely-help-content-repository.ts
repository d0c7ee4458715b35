import type { Kysely, Selectable } from "kysely";
import {
  compareFaqEntries,
  isFaqGroup,
  isLegalSlug,
  LEGAL_SLUGS,
  type FaqEntry,
  type FaqGroup,
  type LegalPage,
  type LegalSlug,
} from "#domain/help-content/help-content.entity";
import type { HelpContentRepos, HelpContentRepository } from "#domain/help-content/help-content-repository.port";
import type { UnitOfWork } from "#domain/shared/transaction";
import type { Database, FaqEntriesTable, LegalPagesTable } from "../db/schema";
import { KyselyAccountAuditLog } from "./kysely-account-audit-log";

function toFaq(row: Selectable<FaqEntriesTable>): FaqEntry | null {
  // A row whose group this code does not know (written by a newer version) is not shown.
  if (!isFaqGroup(row.group_key)) return null;
  return {
    id: row.id,
    group: row.group_key,
    position: Number(row.position),
    questionEn: row.question_en,
    questionFr: row.question_fr,
    answerEn: row.answer_en,
    answerFr: row.answer_fr,
    updatedAt: new Date(row.updated_at),
    updatedBy: row.updated_by,
  };
}

function toLegal(row: Selectable<LegalPagesTable>): LegalPage | null {
  if (!isLegalSlug(row.slug)) return null;
  return {
    slug: row.slug,
    titleEn: row.title_en,
    titleFr: row.title_fr,
    bodyEn: row.body_en,
    bodyFr: row.body_fr,
    updatedAt: new Date(row.updated_at),
    updatedBy: row.updated_by,
  };
}

const faqRow = (e: FaqEntry) => ({
  id: e.id,
  group_key: e.group,
  position: e.position,
  question_en: e.questionEn,
  question_fr: e.questionFr,
  answer_en: e.answerEn,
  answer_fr: e.answerFr,
  updated_at: e.updatedAt.toISOString(),
  updated_by: e.updatedBy,
});

export class KyselyHelpContentRepository implements HelpContentRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async listFaq(): Promise<FaqEntry[]> {
    const rows = await this.db.selectFrom("faq_entries").selectAll().execute();
    // The group order is the domain's (FAQ_GROUPS), not alphabetical: sorted here, a few dozen rows.
    return rows.flatMap((r) => toFaq(r) ?? []).sort(compareFaqEntries);
  }

  async findFaq(id: string): Promise<FaqEntry | null> {
    const row = await this.db.selectFrom("faq_entries").selectAll().where("id", "=", id).executeTakeFirst();
    return row ? toFaq(row) : null;
  }

  async lockFaq(id: string): Promise<FaqEntry | null> {
    // The portable row lock (as KyselyPropertyModeration.lock): a no-op update, held until commit.
    await this.db
      .updateTable("faq_entries")
      .set((eb) => ({ updated_at: eb.ref("updated_at") }))
      .where("id", "=", id)
      .execute();
    return this.findFaq(id);
  }

  async lockFaqGroup(group: FaqGroup): Promise<void> {
    await this.db
      .updateTable("faq_entries")
      .set((eb) => ({ updated_at: eb.ref("updated_at") }))
      .where("group_key", "=", group)
      .execute();
  }

  async lastFaqPosition(group: FaqGroup): Promise<number> {
    const row = await this.db
      .selectFrom("faq_entries")
      .select((eb) => eb.fn.max("position").as("last"))
      .where("group_key", "=", group)
      .executeTakeFirst();
    return row?.last === null || row?.last === undefined ? 0 : Number(row.last);
  }

  async faqNeighbour(entry: FaqEntry, direction: "up" | "down"): Promise<FaqEntry | null> {
    const rows = await this.db.selectFrom("faq_entries").selectAll().where("group_key", "=", entry.group).execute();
    const group = rows.flatMap((r) => toFaq(r) ?? []).sort(compareFaqEntries);
    const i = group.findIndex((e) => e.id === entry.id);
    if (i < 0) return null;
    return group[direction === "up" ? i - 1 : i + 1] ?? null;
  }

  async insertFaq(entry: FaqEntry): Promise<void> {
    await this.db.insertInto("faq_entries").values(faqRow(entry)).execute();
  }

  async updateFaq(entry: FaqEntry): Promise<void> {
    const { id, ...rest } = faqRow(entry);
    await this.db.updateTable("faq_entries").set(rest).where("id", "=", id).execute();
  }

  async deleteFaq(id: string): Promise<void> {
    await this.db.deleteFrom("faq_entries").where("id", "=", id).execute();
  }

  async listLegal(): Promise<LegalPage[]> {
    const rows = await this.db.selectFrom("legal_pages").selectAll().execute();
    const pages = rows.flatMap((r) => toLegal(r) ?? []);
    return LEGAL_SLUGS.flatMap((slug) => pages.filter((p) => p.slug === slug));
  }

  async findLegal(slug: LegalSlug): Promise<LegalPage | null> {
    const row = await this.db.selectFrom("legal_pages").selectAll().where("slug", "=", slug).executeTakeFirst();
    return row ? toLegal(row) : null;
  }

  async lockLegal(slug: LegalSlug): Promise<LegalPage | null> {
    await this.db
      .updateTable("legal_pages")
      .set((eb) => ({ updated_at: eb.ref("updated_at") }))
      .where("slug", "=", slug)
      .execute();
    return this.findLegal(slug);
  }

  async saveLegal(page: LegalPage): Promise<void> {
    const values = {
      title_en: page.titleEn,
      title_fr: page.titleFr,
      body_en: page.bodyEn,
      body_fr: page.bodyFr,
      updated_at: page.updatedAt.toISOString(),
      updated_by: page.updatedBy,
    };
    await this.db
      .insertInto("legal_pages")
      .values({ slug: page.slug, ...values })
      .onConflict((oc) => oc.column("slug").doUpdateSet(values))
      .execute();
  }
}

/** A help-content change and its audit row in one database transaction. */
export function kyselyHelpContentUnitOfWork(db: Kysely<Database>): UnitOfWork<HelpContentRepos> {
  return {
    run: (work) =>
      db.transaction().execute((trx) => work({ content: new KyselyHelpContentRepository(trx), audit: new KyselyAccountAuditLog(trx) })),
  };
}
