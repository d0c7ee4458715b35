import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FaqDocument } from "~/components/help/help-document";
import { loadFaq } from "~/utils/help-pages.server";
import { JsonLd } from "~/components/listings/json-ld";
import { seoMeta } from "~/utils/seo";

// /faq: the questions from the database, by group, with their FAQPage data; admins edit them at
// /admin/content/faq.
export const handle = { i18n: ["help"], hydrate: false };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => seoMeta(data?.seo, matches);

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadFaq(context, request);
}

export default function FaqPage() {
  const { groups, jsonLd } = useLoaderData<typeof loader>();
  return (
    <>
      <FaqDocument groups={groups} />
      <JsonLd data={jsonLd} />
    </>
  );
}
