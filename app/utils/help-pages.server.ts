// The loaders of the public help pages: /terms, /terms-agents, /privacy (one legal page each) and
// /faq, read from the database in the reader's language (English when a French text is empty).
import type { AppLoadContext } from "@remix-run/node";
import type { LegalSlug } from "#domain/help-content/help-content.entity";
import { publicFaq, publicLegalPage } from "#domain/help-content/help-content.use-cases";
import { i18next } from "~/i18next.server";
import type { PageSeo } from "~/utils/seo";
import type { FaqDocumentGroup, HelpDocumentData } from "~/components/help/help-document";

async function languageOf(request: Request): Promise<"en" | "fr"> {
  return (await i18next.getLocale(request)) === "fr" ? "fr" : "en";
}

/** The i18n key of each page's description (help.json). */
const DESCRIPTION_KEY: Record<LegalSlug, string> = {
  terms: "terms.description",
  "terms-agents": "termsAgents.description",
  privacy: "privacy.description",
};

export async function loadLegalPage(
  context: AppLoadContext,
  request: Request,
  slug: LegalSlug,
): Promise<{ seo: PageSeo; page: HelpDocumentData }> {
  const language = await languageOf(request);
  const page = await publicLegalPage(context.services.helpContent, slug, language);
  if (!page) throw new Response(null, { status: 404 });
  const t = await i18next.getFixedT(request, "help");
  return {
    seo: { title: page.title, description: t(DESCRIPTION_KEY[slug]), path: `/${slug}` },
    page: { ...page, updatedAt: page.updatedAt.toISOString() },
  };
}

export async function loadFaq(
  context: AppLoadContext,
  request: Request,
): Promise<{ seo: PageSeo; groups: FaqDocumentGroup[]; jsonLd: unknown }> {
  const groups = await publicFaq(context.services.helpContent, await languageOf(request));
  const t = await i18next.getFixedT(request, "help");
  // schema.org FAQPage: search engines may show the answers directly.
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: groups.flatMap((g) =>
      g.questions.map((item) => ({ "@type": "Question", name: item.question, acceptedAnswer: { "@type": "Answer", text: item.answer } })),
    ),
  };
  return {
    seo: { title: t("faq.title"), description: t("faq.description"), path: "/faq" },
    groups: groups.map((g) => ({
      group: g.group,
      questions: g.questions.map((q) => ({ id: q.id, question: q.question, answerHtml: q.answerHtml })),
    })),
    jsonLd,
  };
}
