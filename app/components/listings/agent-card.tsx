import { Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import type { AgentCard as AgentCardModel } from "#domain/listings/listing-read-models";
import { RatingSummary, VerifiedBadge } from "./badges";
import { formatPhone } from "#domain/shared/phone-display";

export const agentDisplayName = (agent: Pick<AgentCardModel, "businessName" | "name">) => agent.businessName ?? agent.name;
export const agentHref = (userId: string) => `/agent/${encodeURIComponent(userId)}`;

/** Name, verified badge, rating and number of listings; the name links to the public profile. */
export function AgentSummary({ agent, headingLevel = 3, rank }: { agent: AgentCardModel; headingLevel?: 1 | 2 | 3; rank?: number }) {
  const { t } = useTranslation("listings");
  const Heading = (["h1", "h2", "h3"] as const)[headingLevel - 1];
  const name = agentDisplayName(agent);
  return (
    <div className="flex items-start gap-3">
      <span
        aria-hidden="true"
        className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-100 text-lg font-bold text-brand-800 dark:bg-slate-800 dark:text-brand-100"
      >
        {rank ?? name.trim().charAt(0).toUpperCase()}
      </span>
      <div className="min-w-0 space-y-1">
        {headingLevel === 1 ? (
          <Heading className="text-2xl font-bold">{name}</Heading>
        ) : (
          <Heading className="font-semibold">
            <Link to={agentHref(agent.userId)} className="link">
              {rank ? <span className="sr-only">{t("agents.rank", { rank })} </span> : null}
              {name}
            </Link>
          </Heading>
        )}
        {agent.businessName && agent.businessName !== agent.name ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">{agent.name}</p>
        ) : null}
        <div className="flex flex-wrap items-center gap-2">
          {agent.verified ? <VerifiedBadge label={t("agent.verified")} /> : null}
          <RatingSummary rating={agent.rating} count={agent.reviewCount} />
        </div>
        <p className="text-sm text-slate-700 dark:text-slate-300">{t("agent.listings", { count: agent.listingCount })}</p>
      </div>
    </div>
  );
}

/**
 * WhatsApp and phone links: plain links, they work everywhere. When the server withheld the number
 * (decision 0201), `hiddenNote` says how to reach the agent instead.
 */
export function AgentContactLinks({
  agent,
  whatsappText,
  hiddenNote,
}: {
  agent: AgentCardModel & { numberHidden?: boolean };
  whatsappText: string;
  hiddenNote?: string;
}) {
  const { t } = useTranslation("listings");
  if (agent.numberHidden && hiddenNote) {
    return (
      <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="agent-number-hidden">
        {hiddenNote}
      </p>
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      {agent.whatsapp ? (
        <a
          href={`https://wa.me/${agent.whatsapp}?${new URLSearchParams({ text: whatsappText })}`}
          target="_blank"
          rel="noopener noreferrer"
          className="btn-secondary"
        >
          {t("agent.whatsapp")}
        </a>
      ) : null}
      {agent.phone ? (
        <a href={`tel:${agent.phone.replace(/[^\d+]/g, "")}`} className="btn-secondary">
          {t("agent.call", { phone: formatPhone(agent.phone) })}
        </a>
      ) : null}
    </div>
  );
}
