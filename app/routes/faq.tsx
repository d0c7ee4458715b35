import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { i18next } from "~/i18next.server";
import { JsonLd } from "~/components/listings/json-ld";
import { FaqDocument } from "~/components/listings/help-document";
import { seoMeta, type PageSeo } from "~/utils/seo";
import { useLoaderData } from "@remix-run/react";

export const handle = { i18n: ["help"], hydrate: false };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => seoMeta(data?.seo, matches);

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await i18next.getFixedT(request, "help");
  const seo: PageSeo = { title: t("faq.title"), description: t("faq.description"), path: "/faq" };
  const groups = t("faq.groups", { returnObjects: true }) as Array<{ questions: Array<{ q: string; a: string }> }>;
  // schema.org FAQPage: search engines may show the answers directly.
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: groups.flatMap((g) =>
      g.questions.map((item) => ({ "@type": "Question", name: item.q, acceptedAnswer: { "@type": "Answer", text: item.a } })),
    ),
  };
  return { seo, jsonLd };
}

export default function FaqPage() {
  const { jsonLd } = useLoaderData<typeof loader>();
  return (
    <>
      <FaqDocument />
      <JsonLd data={jsonLd} />
    </>
  );
}
