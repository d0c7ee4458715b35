// The agents page and the top-rated agents screen.
import type { AgentCard } from "./listing-read-models";

export interface RankedAgentCard extends AgentCard {
  /** The Bayesian average used for ranking (see agent-rating.ts); `rating` stays the plain average. */
  score: number;
}

export interface AgentDirectory {
  /** Approved agents, by business name (or name): `limit` of them from `offset`, and how many there are. */
  listVerifiedAgents(offset: number, limit: number): Promise<{ agents: AgentCard[]; total: number }>;
  /** Approved agents with at least one review, best Bayesian average first. */
  topRatedAgents(limit: number): Promise<RankedAgentCard[]>;
}
