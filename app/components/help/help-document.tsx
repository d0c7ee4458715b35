// The legal pages (terms, terms for agents, privacy) and the FAQ, from the database (decision
// 0128): the texts are Markdown rendered to safe HTML on the server (no raw HTML, safe links).
// Plain HTML: headings, lists and <details>, readable and usable without JavaScript.
import { Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import type { FaqGroup } from "#domain/help-content/help-content.entity";
import { formatDate } from "~/utils/format";

/** A legal page as its loader sends it (PublicLegalPage with the date as text). */
export interface HelpDocumentData {
  title: string;
  introHtml: string;
  sections: Array<{ id: string; heading: string; html: string }>;
  updatedAt: string;
}

export interface FaqDocumentGroup {
  group: FaqGroup;
  questions: Array<{ id: string; question: string; answerHtml: string }>;
}

/** Rendered Markdown: paragraphs, lists and links styled like the rest of the page. */
export const markdownStyles =
  "leading-relaxed [&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 " +
  "[&_h3]:mt-4 [&_h3]:font-semibold [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline dark:[&_a]:text-brand-100 [&_strong]:font-semibold";

/**
 * `nested`: inside another page (the admin's preview), its headings one level below that page's h2;
 * `idPrefix` keeps its anchors apart from another copy on the same page.
 */
export function HelpDocument({ page, nested = false, idPrefix = "" }: { page: HelpDocumentData; nested?: boolean; idPrefix?: string }) {
  const { t, i18n } = useTranslation("help");
  const Title = nested ? "h3" : "h1";
  const Heading = nested ? "h4" : "h2";
  return (
    <article className="container-page max-w-3xl py-8">
      <Title className="text-3xl font-bold">{page.title}</Title>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{t("updated", { date: formatDate(page.updatedAt, i18n.language) })}</p>
      {page.introHtml ? <div className={`text-lg ${markdownStyles}`} dangerouslySetInnerHTML={{ __html: page.introHtml }} /> : null}
      {page.sections.length > 0 ? (
        <nav aria-labelledby={`${idPrefix}toc-heading`} className="card mt-6 p-4">
          <Heading id={`${idPrefix}toc-heading`} className="font-semibold">
            {t("toc")}
          </Heading>
          <ul className="mt-2 space-y-1">
            {page.sections.map((s) => (
              <li key={s.id}>
                <a href={`#${idPrefix}${s.id}`} className="link">
                  {s.heading}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {page.sections.map((s) => (
        <section key={s.id} id={`${idPrefix}${s.id}`} aria-labelledby={`${idPrefix}${s.id}-heading`} className="mt-8 scroll-mt-4">
          <Heading id={`${idPrefix}${s.id}-heading`} className="text-xl font-semibold">
            {s.heading}
          </Heading>
          <div className={markdownStyles} dangerouslySetInnerHTML={{ __html: s.html }} />
        </section>
      ))}
      <AskUs />
    </article>
  );
}

export function FaqDocument({ groups }: { groups: FaqDocumentGroup[] }) {
  const { t } = useTranslation("help");
  return (
    <article className="container-page max-w-3xl py-8">
      <h1 className="text-3xl font-bold">{t("faq.title")}</h1>
      <p className="mt-3 text-lg">{t("faq.intro")}</p>
      {groups.map((g) => (
        <section key={g.group} aria-labelledby={`faq-${g.group}`} className="mt-8">
          <h2 id={`faq-${g.group}`} className="text-xl font-semibold">
            {t(`faq.groups.${g.group}`)}
          </h2>
          <div className="mt-3 space-y-2">
            {g.questions.map((item) => (
              <details key={item.id} className="card group p-4">
                <summary className="cursor-pointer font-medium">{item.question}</summary>
                <div
                  className={`mt-2 text-slate-800 dark:text-slate-200 [&>p:first-child]:mt-0 ${markdownStyles}`}
                  dangerouslySetInnerHTML={{ __html: item.answerHtml }}
                />
              </details>
            ))}
          </div>
        </section>
      ))}
      <AskUs />
    </article>
  );
}

/** The line closing each help page: questions go to the contact page. */
function AskUs() {
  const { t } = useTranslation("help");
  return (
    <p className="mt-10">
      {t("questions")}{" "}
      <Link to="/contact" className="link">
        {t("contactLink")}
      </Link>
    </p>
  );
}
