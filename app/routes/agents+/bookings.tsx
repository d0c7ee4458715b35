import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { titleMeta } from "~/components/auth/page-title";
import { PortalLayout } from "~/components/auth/portal-layout";
import { AgentBookingsList } from "~/components/booking/agent-bookings";
import { i18next } from "~/i18next.server";
import { requireAgent } from "~/utils/auth.server";

export const handle = { i18n: ["auth", "booking"] };
export const meta = titleMeta;

// Bookings of the agent's properties (read-only), from the money module's read model.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAgent(context, request);
  const t = await i18next.getFixedT(request, "auth");
  const bookings = await context.services.money.views.agentBookings(user.id);
  return { title: t("portal.agent.pages.bookings.title"), bookings };
}

export default function AgentBookingsPage() {
  const { t } = useTranslation("auth");
  const { bookings } = useLoaderData<typeof loader>();
  return (
    <PortalLayout portal="agent" title={t("portal.agent.pages.bookings.title")} intro={t("portal.agent.pages.bookings.intro")}>
      <AgentBookingsList bookings={bookings} />
    </PortalLayout>
  );
}
