// The admin's help content: create, edit, move and delete FAQ entries, and edit the legal pages.
// Each change and its audit row (admin.faq.* / admin.legal.edit, with the state before and after)
// land in one unit of work or not at all; the changed row is locked first, so two admins saving at
// once run one after the other. The public pages read through publicFaq and publicLegalPage, and
// are told of every change once it is stored (a save that changes nothing is refused: no_change).
import type { AuditAction } from "../accounts/audit-actions";
import { auditData } from "../accounts/audit-log.port";
import type { MarkdownRenderer } from "../blog/markdown-renderer.port";
import type { Clock } from "../shared/clock";
import type { IdGenerator } from "../shared/ids";
import { err, ok, type Result } from "../shared/result";
import type { UnitOfWork } from "../shared/transaction";
import { publicChange, type PublicPages } from "../shared/public-pages.port";
import {
  FAQ_ANSWER_MAX,
  FAQ_GROUPS,
  FAQ_QUESTION_MAX,
  inLanguage,
  isFaqGroup,
  splitLegalBody,
  LEGAL_BODY_MAX,
  LEGAL_TITLE_MAX,
  type FaqEntry,
  type FaqGroup,
  type HelpLanguage,
  type LegalPage,
  type LegalSlug,
} from "./help-content.entity";
import { helpContentError, type HelpContentError } from "./help-content.errors";
import type { HelpContentRepos, HelpContentRepository } from "./help-content-repository.port";

export interface HelpContentDeps {
  uow: UnitOfWork<HelpContentRepos>;
  clock: Clock;
  ids: IdGenerator;
  publicPages: PublicPages;
}

export const HELP_ACTIONS = {
  faqCreated: "admin.faq.create",
  faqEdited: "admin.faq.edit",
  faqMoved: "admin.faq.move",
  faqDeleted: "admin.faq.delete",
  legalEdited: "admin.legal.edit",
} as const;

export interface FaqInput {
  group: string;
  questionEn: string;
  questionFr: string;
  answerEn: string;
  answerFr: string;
}

export interface LegalInput {
  titleEn: string;
  titleFr: string;
  bodyEn: string;
  bodyFr: string;
}

type Checked<T> = Result<T, HelpContentError>;

/** Trims each text; the English ones are required, every one bounded. */
function checkTexts<K extends string>(
  texts: Record<K, string>,
  limits: Record<K, number>,
  required: readonly string[],
): Checked<Record<K, string>> {
  const out = {} as Record<K, string>;
  for (const key of Object.keys(limits) as K[]) {
    const value = (texts[key] ?? "").replace(/\r\n?/g, "\n").trim();
    if (required.includes(key) && value === "") return err(helpContentError("help-content.text_required", { field: key }));
    if (value.length > limits[key]) return err(helpContentError("help-content.text_too_long", { field: key, max: limits[key] }));
    out[key] = value;
  }
  return ok(out);
}

function checkFaq(input: FaqInput): Checked<Omit<FaqInput, "group"> & { group: FaqGroup }> {
  if (!isFaqGroup(input.group)) return err(helpContentError("help-content.invalid_group"));
  const texts = checkTexts(
    { questionEn: input.questionEn, questionFr: input.questionFr, answerEn: input.answerEn, answerFr: input.answerFr },
    { questionEn: FAQ_QUESTION_MAX, questionFr: FAQ_QUESTION_MAX, answerEn: FAQ_ANSWER_MAX, answerFr: FAQ_ANSWER_MAX },
    ["questionEn", "answerEn"],
  );
  return texts.ok ? ok({ group: input.group, ...texts.value }) : texts;
}

/** What an audit row keeps of an entry. */
const faqSnapshot = (e: FaqEntry) => ({
  group: e.group,
  position: e.position,
  questionEn: e.questionEn,
  questionFr: e.questionFr,
  answerEn: e.answerEn,
  answerFr: e.answerFr,
});
const legalSnapshot = (p: LegalPage) => ({ titleEn: p.titleEn, titleFr: p.titleFr, bodyEn: p.bodyEn, bodyFr: p.bodyFr });

async function record(
  repos: HelpContentRepos,
  deps: HelpContentDeps,
  adminId: string,
  action: AuditAction,
  target: string,
  before: unknown,
  after: unknown,
  at: Date,
) {
  await repos.audit.record({ id: deps.ids.id(), actorId: adminId, action, data: auditData(target, before, after), at });
}

/** Adds an entry at the end of its group. */
export async function createFaqEntry(deps: HelpContentDeps, input: { adminId: string } & FaqInput): Promise<Checked<FaqEntry>> {
  const checked = checkFaq(input);
  if (!checked.ok) return checked;
  const now = deps.clock.now();
  return publicChange(
    deps.publicPages,
    deps.uow.run(async (repos) => {
      const position = (await repos.content.lastFaqPosition(checked.value.group)) + 1;
      const entry: FaqEntry = { id: deps.ids.id(), ...checked.value, position, updatedAt: now, updatedBy: input.adminId };
      await repos.content.insertFaq(entry);
      await record(repos, deps, input.adminId, HELP_ACTIONS.faqCreated, `faq:${entry.id}`, null, faqSnapshot(entry), now);
      return ok(entry);
    }),
  );
}

/** Changes an entry's texts or group; a new group puts it at the end of that group. */
export async function editFaqEntry(deps: HelpContentDeps, input: { adminId: string; id: string } & FaqInput): Promise<Checked<FaqEntry>> {
  const checked = checkFaq(input);
  if (!checked.ok) return checked;
  const now = deps.clock.now();
  return publicChange(
    deps.publicPages,
    deps.uow.run(async (repos) => {
      const before = await repos.content.lockFaq(input.id);
      if (!before) return err(helpContentError("help-content.faq_not_found"));
      const v = checked.value;
      if (
        v.group === before.group &&
        v.questionEn === before.questionEn &&
        v.questionFr === before.questionFr &&
        v.answerEn === before.answerEn &&
        v.answerFr === before.answerFr
      ) {
        return err(helpContentError("help-content.no_change"));
      }
      const position = v.group === before.group ? before.position : (await repos.content.lastFaqPosition(v.group)) + 1;
      const after: FaqEntry = { ...before, ...v, position, updatedAt: now, updatedBy: input.adminId };
      await repos.content.updateFaq(after);
      await record(repos, deps, input.adminId, HELP_ACTIONS.faqEdited, `faq:${before.id}`, faqSnapshot(before), faqSnapshot(after), now);
      return ok(after);
    }),
  );
}

/** Swaps an entry with the one before (up) or after (down) it in its group. */
export async function moveFaqEntry(
  deps: HelpContentDeps,
  input: { adminId: string; id: string; direction: "up" | "down" },
): Promise<Checked<FaqEntry>> {
  const now = deps.clock.now();
  return publicChange(
    deps.publicPages,
    deps.uow.run(async (repos) => {
      // The whole group is held first (a move writes two of its rows), then the entry read again.
      const found = await repos.content.findFaq(input.id);
      if (!found) return err(helpContentError("help-content.faq_not_found"));
      await repos.content.lockFaqGroup(found.group);
      const before = await repos.content.lockFaq(input.id);
      if (!before) return err(helpContentError("help-content.faq_not_found"));
      // Moved to another group meanwhile: this move was meant for the old one.
      if (before.group !== found.group) return err(helpContentError("help-content.cannot_move"));
      const other = await repos.content.faqNeighbour(before, input.direction);
      if (!other) return err(helpContentError("help-content.cannot_move"));
      // Equal positions (never written by this module, but possible in old rows) still swap places.
      const [mine, theirs] =
        other.position === before.position
          ? input.direction === "up"
            ? [other.position - 1, before.position]
            : [other.position + 1, before.position]
          : [other.position, before.position];
      const after: FaqEntry = { ...before, position: mine, updatedAt: now, updatedBy: input.adminId };
      await repos.content.updateFaq(after);
      await repos.content.updateFaq({ ...other, position: theirs });
      await record(
        repos,
        deps,
        input.adminId,
        HELP_ACTIONS.faqMoved,
        `faq:${before.id}`,
        { position: before.position },
        { position: mine, direction: input.direction },
        now,
      );
      return ok(after);
    }),
  );
}

export async function deleteFaqEntry(deps: HelpContentDeps, input: { adminId: string; id: string }): Promise<Checked<FaqEntry>> {
  const now = deps.clock.now();
  return publicChange(
    deps.publicPages,
    deps.uow.run(async (repos) => {
      const before = await repos.content.lockFaq(input.id);
      if (!before) return err(helpContentError("help-content.faq_not_found"));
      await repos.content.deleteFaq(before.id);
      await record(repos, deps, input.adminId, HELP_ACTIONS.faqDeleted, `faq:${before.id}`, faqSnapshot(before), null, now);
      return ok(before);
    }),
  );
}

/** Saves a legal page's titles and bodies (the English ones required). */
export async function editLegalPage(
  deps: HelpContentDeps,
  input: { adminId: string; slug: LegalSlug } & LegalInput,
): Promise<Checked<LegalPage>> {
  const checked = checkTexts(
    { titleEn: input.titleEn, titleFr: input.titleFr, bodyEn: input.bodyEn, bodyFr: input.bodyFr },
    { titleEn: LEGAL_TITLE_MAX, titleFr: LEGAL_TITLE_MAX, bodyEn: LEGAL_BODY_MAX, bodyFr: LEGAL_BODY_MAX },
    ["titleEn", "bodyEn"],
  );
  if (!checked.ok) return checked;
  const now = deps.clock.now();
  return publicChange(
    deps.publicPages,
    deps.uow.run(async (repos) => {
      const before = await repos.content.lockLegal(input.slug);
      if (!before) return err(helpContentError("help-content.legal_page_not_found"));
      const v = checked.value;
      if (v.titleEn === before.titleEn && v.titleFr === before.titleFr && v.bodyEn === before.bodyEn && v.bodyFr === before.bodyFr)
        return err(helpContentError("help-content.no_change"));
      const after: LegalPage = { ...before, ...v, updatedAt: now, updatedBy: input.adminId };
      await repos.content.saveLegal(after);
      await record(
        repos,
        deps,
        input.adminId,
        HELP_ACTIONS.legalEdited,
        `legal:${before.slug}`,
        legalSnapshot(before),
        legalSnapshot(after),
        now,
      );
      return ok(after);
    }),
  );
}

/** The admin's FAQ list, in page order, grouped. */
export async function listFaqEntries(deps: { content: HelpContentRepository }): Promise<Array<{ group: FaqGroup; entries: FaqEntry[] }>> {
  const all = await deps.content.listFaq();
  return FAQ_GROUPS.map((group) => ({ group, entries: all.filter((e) => e.group === group) }));
}

export async function getFaqEntry(deps: { content: HelpContentRepository }, id: string): Promise<Checked<FaqEntry>> {
  const entry = await deps.content.findFaq(id);
  return entry ? ok(entry) : err(helpContentError("help-content.faq_not_found"));
}

/** The stored legal pages, in LEGAL_SLUGS order. */
export async function listLegalPages(deps: { content: HelpContentRepository }): Promise<LegalPage[]> {
  return deps.content.listLegal();
}

export async function getLegalPage(deps: { content: HelpContentRepository }, slug: LegalSlug): Promise<Checked<LegalPage>> {
  const page = await deps.content.findLegal(slug);
  return page ? ok(page) : err(helpContentError("help-content.legal_page_not_found"));
}

export interface PublicFaqGroup {
  group: FaqGroup;
  /** `answer` is the Markdown (for the FAQPage data), `answerHtml` the safe HTML shown. */
  questions: Array<{ id: string; question: string; answer: string; answerHtml: string }>;
}

type PublicDeps = { content: HelpContentRepository; markdown: MarkdownRenderer };

/** The public FAQ in a language (French falling back to English), groups without entries left out. */
export async function publicFaq(deps: PublicDeps, language: HelpLanguage): Promise<PublicFaqGroup[]> {
  const groups = await listFaqEntries(deps);
  return groups
    .filter((g) => g.entries.length > 0)
    .map((g) => ({
      group: g.group,
      questions: g.entries.map((e) => {
        const answer = inLanguage({ en: e.answerEn, fr: e.answerFr }, language);
        return {
          id: e.id,
          question: inLanguage({ en: e.questionEn, fr: e.questionFr }, language),
          answer,
          answerHtml: deps.markdown.toSafeHtml(answer),
        };
      }),
    }));
}

export interface PublicLegalPage {
  title: string;
  introHtml: string;
  /** One per `## ` heading of the body: the table of contents and the page's sections. */
  sections: Array<{ id: string; heading: string; html: string }>;
  updatedAt: Date;
}

/** A legal page in a language (French falling back to English), rendered, or null when it is not stored. */
export async function publicLegalPage(deps: PublicDeps, slug: LegalSlug, language: HelpLanguage): Promise<PublicLegalPage | null> {
  const page = await deps.content.findLegal(slug);
  if (!page) return null;
  return renderLegalPage(deps.markdown, {
    title: inLanguage({ en: page.titleEn, fr: page.titleFr }, language),
    body: inLanguage({ en: page.bodyEn, fr: page.bodyFr }, language),
    updatedAt: page.updatedAt,
  });
}

/** A title and Markdown body as the public page shows them (also the admin's preview of unsaved text). */
export function renderLegalPage(markdown: MarkdownRenderer, page: { title: string; body: string; updatedAt: Date }): PublicLegalPage {
  const { intro, sections } = splitLegalBody(page.body);
  return {
    title: page.title,
    introHtml: intro ? markdown.toSafeHtml(intro) : "",
    sections: sections.map((s) => ({ id: s.id, heading: s.heading, html: s.body ? markdown.toSafeHtml(s.body) : "" })),
    updatedAt: page.updatedAt,
  };
}
