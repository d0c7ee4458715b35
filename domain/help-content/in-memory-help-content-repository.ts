import type { InMemoryAuditLog } from "../accounts/in-memory-account-repositories";
import type { UnitOfWork } from "../shared/transaction";
import { compareFaqEntries, LEGAL_SLUGS, type FaqEntry, type FaqGroup, type LegalPage, type LegalSlug } from "./help-content.entity";
import type { HelpContentRepos, HelpContentRepository } from "./help-content-repository.port";

const copyFaq = (e: FaqEntry): FaqEntry => ({ ...e, updatedAt: new Date(e.updatedAt) });
const copyLegal = (p: LegalPage): LegalPage => ({ ...p, updatedAt: new Date(p.updatedAt) });

export class InMemoryHelpContentRepository implements HelpContentRepository {
  faq = new Map<string, FaqEntry>();
  legal = new Map<LegalSlug, LegalPage>();

  async listFaq() {
    return [...this.faq.values()].map(copyFaq).sort(compareFaqEntries);
  }
  async findFaq(id: string) {
    const e = this.faq.get(id);
    return e ? copyFaq(e) : null;
  }
  async lockFaq(id: string) {
    return this.findFaq(id);
  }
  async lockFaqGroup(_group: FaqGroup) {
    // One process, no interleaving inside a unit of work: nothing to hold.
  }
  async lastFaqPosition(group: FaqGroup) {
    return Math.max(0, ...[...this.faq.values()].filter((e) => e.group === group).map((e) => e.position));
  }
  async faqNeighbour(entry: FaqEntry, direction: "up" | "down") {
    const group = (await this.listFaq()).filter((e) => e.group === entry.group);
    const i = group.findIndex((e) => e.id === entry.id);
    if (i < 0) return null;
    return group[direction === "up" ? i - 1 : i + 1] ?? null;
  }
  async insertFaq(entry: FaqEntry) {
    if (this.faq.has(entry.id)) throw new Error(`FAQ entry ${entry.id} exists`);
    this.faq.set(entry.id, copyFaq(entry));
  }
  async updateFaq(entry: FaqEntry) {
    if (this.faq.has(entry.id)) this.faq.set(entry.id, copyFaq(entry));
  }
  async deleteFaq(id: string) {
    this.faq.delete(id);
  }
  async listLegal() {
    return LEGAL_SLUGS.flatMap((slug) => {
      const p = this.legal.get(slug);
      return p ? [copyLegal(p)] : [];
    });
  }
  async findLegal(slug: LegalSlug) {
    const p = this.legal.get(slug);
    return p ? copyLegal(p) : null;
  }
  async lockLegal(slug: LegalSlug) {
    return this.findLegal(slug);
  }
  async saveLegal(page: LegalPage) {
    this.legal.set(page.slug, copyLegal(page));
  }
}

/**
 * All or nothing: a thrown error restores the entries, pages and audit rows from before. Units run
 * one at a time, as the database's row locks make them (lockFaq, lockFaqGroup, lockLegal).
 */
export class InMemoryHelpContentUnitOfWork implements UnitOfWork<HelpContentRepos> {
  private tail: Promise<unknown> = Promise.resolve();

  constructor(
    readonly content: InMemoryHelpContentRepository,
    readonly audit: InMemoryAuditLog,
  ) {}

  run<T>(work: (repos: HelpContentRepos) => Promise<T>): Promise<T> {
    const result = this.tail.then(() => this.runNow(work));
    this.tail = result.catch(() => undefined);
    return result;
  }

  private async runNow<T>(work: (repos: HelpContentRepos) => Promise<T>): Promise<T> {
    const before = {
      faq: new Map([...this.content.faq].map(([k, v]) => [k, copyFaq(v)])),
      legal: new Map([...this.content.legal].map(([k, v]) => [k, copyLegal(v)])),
      audit: this.audit.snapshot(),
    };
    try {
      return await work({ content: this.content, audit: this.audit });
    } catch (e) {
      this.content.faq = before.faq;
      this.content.legal = before.legal;
      this.audit.restore(before.audit);
      throw e;
    }
  }
}
