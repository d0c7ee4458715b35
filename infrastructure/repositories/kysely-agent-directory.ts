// The agents page and the top-rated agents screen, and the agent card on a listing's detail.
import type { ExpressionBuilder, Kysely } from "kysely";
import type { Database } from "../db/schema";
import { preparedQuery } from "../db/prepared-query";
import { APPROVED, publishableListing } from "./kysely-property-cards";
import { LISTING_AGENT_STATUS } from "#domain/accounts/owner-standing";
import type { AgentDirectory, RankedAgentCard } from "#domain/listings/agent-directory.port";
import type { AgentCard } from "#domain/listings/listing-read-models";
import { whatsappDigits } from "#domain/listings/agent-contact";
import { PRIOR_WEIGHT, rankByBayesianRating, siteMeanRating } from "#domain/listings/agent-rating";

interface AgentCardRow extends AgentCard {
  ratingSum: number;
}

/**
 * Agent cards with their review totals and visible listing counts. Correlated subqueries, one
 * index probe each (reviews_agent_idx, properties_agent_visible_idx), rather than grouping
 * every review and listing of the site. The name and phone are probes of profiles' key too, not a
 * join: joined, PostgreSQL hashed every profile (students included, a table growing with the site)
 * to meet a few thousand agents (decision 0148). Every agent has its profile (agents.user_id
 * references profiles, on delete cascade), so nothing the join would drop is kept.
 */
const agentCardQuery = preparedQuery((db: Kysely<Database>, slot, shape) => {
  // The shape: how many agents are asked for ("all" for every agent), and whether only approved ones.
  const [count, approved] = shape.split(":");
  const profile = <C extends "full_name" | "phone">(eb: ExpressionBuilder<Database, "agents">, column: C) =>
    eb
      .selectFrom("profiles")
      .whereRef("profiles.id", "=", "agents.user_id")
      .select(`profiles.${column}` as `profiles.${C}`);
  let query = db.selectFrom("agents").select((eb) => [
    "agents.user_id",
    "agents.business_name",
    "agents.verification_status",
    "agents.business_phone",
    profile(eb, "full_name").as("full_name"),
    profile(eb, "phone").as("phone"),
    eb
      .selectFrom("reviews")
      .whereRef("reviews.agent_id", "=", "agents.user_id")
      .select((r) => r.fn.countAll().as("n"))
      .as("review_count"),
    eb
      .selectFrom("reviews")
      .whereRef("reviews.agent_id", "=", "agents.user_id")
      .select((r) => r.fn.sum("reviews.rating").as("s"))
      .as("rating_sum"),
    eb
      .selectFrom("properties")
      .whereRef("properties.agent_id", "=", "agents.user_id")
      .where(publishableListing)
      .select((p) => p.fn.countAll().as("n"))
      .as("listing_count"),
  ]);
  if (count !== "all") query = query.where("agents.user_id", "in", slot.list<string>("userIds", Number(count)));
  if (approved === "approved") query = query.where("agents.verification_status", "=", APPROVED);
  return query;
});

/**
 * Built and compiled once per number of agents asked for (a card on every property page, a page
 * of the directory): building this statement was 2 % of a property page's CPU.
 */
async function agentCardRows(
  db: Kysely<Database>,
  filter: { userIds?: readonly string[]; approvedOnly?: boolean },
): Promise<AgentCardRow[]> {
  if (filter.userIds && filter.userIds.length === 0) return [];
  const shape = `${filter.userIds ? filter.userIds.length : "all"}:${filter.approvedOnly ? "approved" : "any"}`;
  const { rows } = await db.executeQuery(agentCardQuery(db, { userIds: filter.userIds ? [...filter.userIds] : [] }, shape));
  return rows.map((r) => {
    // Approved, and the account an agent that is not suspended (owner-standing.ts).
    const verified = r.verification_status === LISTING_AGENT_STATUS;
    const reviewCount = Number(r.review_count ?? 0);
    const ratingSum = Number(r.rating_sum ?? 0);
    const phone = r.business_phone ?? r.phone;
    return {
      userId: r.user_id,
      // Never null: every agent has its profile and a profile its name (see above).
      name: r.full_name ?? "",
      businessName: r.business_name,
      verified,
      rating: reviewCount === 0 ? null : ratingSum / reviewCount,
      reviewCount,
      // An unapproved agent's listings are not shown to anyone, so none count.
      listingCount: verified ? Number(r.listing_count ?? 0) : 0,
      phone,
      whatsapp: whatsappDigits(phone),
      ratingSum,
    };
  });
}

const publicCard = (r: AgentCardRow): AgentCard => ({
  userId: r.userId,
  name: r.name,
  businessName: r.businessName,
  verified: r.verified,
  rating: r.rating,
  reviewCount: r.reviewCount,
  listingCount: r.listingCount,
  phone: r.phone,
  whatsapp: r.whatsapp,
});
/** The name the directory shows and sorts by: the business name, else the agent's own. */
const displayName = (a: Pick<AgentCard, "businessName" | "name">) => a.businessName ?? a.name;
/** Names in the reader's alphabetical order (one collator: `localeCompare` builds one per call). */
const byName = new Intl.Collator().compare;

/** The card for one agent (any status), or null if there is no such agent. */
export async function findAgentCard(db: Kysely<Database>, userId: string): Promise<AgentCard | null> {
  const [row] = await agentCardRows(db, { userIds: [userId] });
  return row ? publicCard(row) : null;
}

export class KyselyAgentDirectory implements AgentDirectory {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The page's agents in two reads: every approved agent's name (an index range of agents and a
   * probe of profiles' key each), sorted here by one rule on both databases; then the cards, with
   * their review and listing counts, of the page's agents only. Cards for every agent were 23 ms
   * on PostgreSQL at 2 500 agents (100 000 listings), and a page of 2 500 cards.
   */
  async listVerifiedAgents(offset: number, limit: number): Promise<{ agents: AgentCard[]; total: number }> {
    const names = await this.db
      .selectFrom("agents")
      .select((eb) => [
        "agents.user_id",
        "agents.business_name",
        eb.selectFrom("profiles").whereRef("profiles.id", "=", "agents.user_id").select("profiles.full_name").as("full_name"),
      ])
      .where("agents.verification_status", "=", APPROVED)
      .execute();
    const ordered = names
      .map((r) => ({ userId: r.user_id, name: displayName({ businessName: r.business_name, name: r.full_name ?? "" }) }))
      .sort((a, b) => byName(a.name, b.name) || byName(a.userId, b.userId));
    const pageIds = ordered.slice(Math.max(0, offset), Math.max(0, offset) + Math.max(0, limit)).map((a) => a.userId);
    const cards = new Map((await agentCardRows(this.db, { userIds: pageIds, approvedOnly: true })).map((r) => [r.userId, publicCard(r)]));
    // An agent whose approval was withdrawn between the two reads is left out of this page.
    const agents = pageIds.flatMap((id) => cards.get(id) ?? []);
    return { agents, total: ordered.length };
  }

  async topRatedAgents(limit: number): Promise<RankedAgentCard[]> {
    const rows = await agentCardRows(this.db, { approvedOnly: true });
    // C is the mean over every review of approved agents: the population being ranked.
    const summaries = rows.map((r) => ({ sum: r.ratingSum, count: r.reviewCount }));
    const priorMean = siteMeanRating(summaries);
    if (priorMean === null) return [];
    const ranked = rankByBayesianRating(
      rows.map((row) => ({ row, sum: row.ratingSum, count: row.reviewCount, name: displayName(row) })),
      priorMean,
      PRIOR_WEIGHT,
    );
    return ranked.slice(0, Math.max(0, limit)).map((r) => ({ ...publicCard(r.row), score: r.score }));
  }
}
