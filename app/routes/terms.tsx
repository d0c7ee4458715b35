import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { HelpDocument } from "~/components/help/help-document";
import { loadLegalPage } from "~/utils/help-pages.server";
import { seoMeta } from "~/utils/seo";

// /terms: a legal page from the database, edited by admins at /admin/content/legal/terms.
export const handle = { i18n: ["help"], hydrate: false };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => seoMeta(data?.seo, matches);

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadLegalPage(context, request, "terms");
}

export default function Page() {
  const { page } = useLoaderData<typeof loader>();
  return <HelpDocument page={page} />;
}
