import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { UnauthorizedScreen } from "~/components/auth/unauthorized-screen";
import { titleMeta } from "~/utils/page-title";
import { i18next } from "~/i18next.server";
import { getOptionalUser } from "~/utils/auth.server";

export const handle = { i18n: ["auth"] };
export const meta = titleMeta;

// Open: where the guard sends a signed-in person who may not enter the agent area.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getOptionalUser(context, request);
  const t = await i18next.getFixedT(request, "auth");
  return { title: t("unauthorized.agent.title"), signedIn: user !== null };
}

export default function AgentUnauthorizedPage() {
  const { signedIn } = useLoaderData<typeof loader>();
  return <UnauthorizedScreen portal="agent" signedIn={signedIn} />;
}
