import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { i18next } from "~/i18next.server";
import { seoMeta, type PageSeo } from "~/utils/seo";
import { HelpDocument } from "~/components/listings/help-document";

export const handle = { i18n: ["help"], hydrate: false };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => seoMeta(data?.seo, matches);

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await i18next.getFixedT(request, "help");
  const seo: PageSeo = { title: t("termsAgents.title"), description: t("termsAgents.description"), path: "/terms-agents" };
  return { seo };
}

export default function Page() {
  return <HelpDocument name="termsAgents" />;
}
