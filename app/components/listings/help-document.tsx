// The legal pages (terms, privacy, terms for agents) and the FAQ, from public/locales/*/help.json.
// Plain HTML: headings, lists and <details>, readable and usable without JavaScript.
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate } from "~/utils/format";

export type HelpDocumentName = "terms" | "privacy" | "termsAgents";

interface HelpSection {
  id: string;
  heading: string;
  paragraphs?: string[];
  items?: string[];
  after?: string;
}

interface FaqGroup {
  heading: string;
  questions: Array<{ q: string; a: string }>;
}

/** When the texts last changed (shown at the top of each document). */
export const HELP_UPDATED_AT = "2026-11-22T09:00:00Z";

export function HelpDocument({ name }: { name: HelpDocumentName }) {
  const { t, i18n } = useTranslation("help");
  const sections = t(`${name}.sections`, { returnObjects: true }) as HelpSection[];
  const list = Array.isArray(sections) ? sections : [];
  return (
    <article className="container-page max-w-3xl py-8">
      <h1 className="text-3xl font-bold">{t(`${name}.title`)}</h1>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{t("updated", { date: formatDate(HELP_UPDATED_AT, i18n.language) })}</p>
      <p className="mt-4 text-lg">{t(`${name}.intro`)}</p>
      <nav aria-labelledby="toc-heading" className="card mt-6 p-4">
        <h2 id="toc-heading" className="font-semibold">
          {t("toc")}
        </h2>
        <ul className="mt-2 space-y-1">
          {list.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`} className="link">
                {s.heading}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {list.map((s) => (
        <section key={s.id} id={s.id} aria-labelledby={`${s.id}-heading`} className="mt-8 scroll-mt-4">
          <h2 id={`${s.id}-heading`} className="text-xl font-semibold">
            {s.heading}
          </h2>
          {(s.paragraphs ?? []).map((p, i) => (
            <p key={i} className="mt-3 leading-relaxed">
              {p}
            </p>
          ))}
          {s.items && s.items.length > 0 ? (
            <ul className="mt-3 list-disc space-y-1 pl-6 leading-relaxed">
              {s.items.map((item, i) => (
                <li key={i}>{item}</li>
              ))}
            </ul>
          ) : null}
          {s.after ? <p className="mt-3 leading-relaxed">{s.after}</p> : null}
        </section>
      ))}
      <p className="mt-10">
        {t("questions")}{" "}
        <Link to="/contact" className="link">
          {t("contactLink")}
        </Link>
      </p>
    </article>
  );
}

export function FaqDocument() {
  const { t } = useTranslation("help");
  const groups = t("faq.groups", { returnObjects: true }) as FaqGroup[];
  return (
    <article className="container-page max-w-3xl py-8">
      <h1 className="text-3xl font-bold">{t("faq.title")}</h1>
      <p className="mt-3 text-lg">{t("faq.intro")}</p>
      {(Array.isArray(groups) ? groups : []).map((g, gi) => (
        <section key={gi} aria-labelledby={`faq-${gi}`} className="mt-8">
          <h2 id={`faq-${gi}`} className="text-xl font-semibold">
            {g.heading}
          </h2>
          <div className="mt-3 space-y-2">
            {g.questions.map((item, qi) => (
              <details key={qi} className="card group p-4">
                <summary className="cursor-pointer font-medium">{item.q}</summary>
                <p className="mt-2 leading-relaxed text-slate-800 dark:text-slate-200">{item.a}</p>
              </details>
            ))}
          </div>
        </section>
      ))}
      <p className="mt-10">
        {t("questions")}{" "}
        <Link to="/contact" className="link">
          {t("contactLink")}
        </Link>
      </p>
    </article>
  );
}
