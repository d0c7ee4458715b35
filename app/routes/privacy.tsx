import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { HelpDocument } from "~/components/help/help-document";
import { loadLegalPage } from "~/utils/help-pages.server";
import { seoMeta } from "~/utils/seo";

// /privacy: a legal page from the database, edited by admins at /admin/content/legal/privacy.
export const handle = { i18n: ["help"], hydrate: false };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => seoMeta(data?.seo, matches);

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadLegalPage(context, request, "privacy");
}

export default function Page() {
  const { page } = useLoaderData<typeof loader>();
  return <HelpDocument page={page} />;
}
