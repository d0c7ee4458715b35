// Wiring of the listings read side (domain/listings): the search, the property pages, the agent
// directory and the public agent profile. Composed into Services (as `listings`) by
// app/services.server.ts, the composition root.
import type { AgentDirectory } from "#domain/listings/agent-directory.port";
import type { AgentCard } from "#domain/listings/listing-read-models";
import type { ListingSearch } from "#domain/listings/listing-search.port";
import type { Clock } from "#domain/shared/clock";
import type { DatabaseHandle } from "#infrastructure/db/connection";
import { KyselyListingSearch } from "#infrastructure/repositories/kysely-listing-search";
import { KyselyAgentDirectory, findAgentCard } from "#infrastructure/repositories/kysely-agent-directory";

/** The agent directory plus the one agent a public profile shows. */
export interface AgentProfiles extends AgentDirectory {
  /** The card of an agent (any status), or null when there is no such agent. */
  findAgent(userId: string): Promise<AgentCard | null>;
}

export interface ListingsModule {
  search: ListingSearch;
  agents: AgentProfiles;
  clock: Clock;
}

export function createListingsModule(database: DatabaseHandle, clock: Clock): ListingsModule {
  const db = database.db;
  const directory = new KyselyAgentDirectory(db);
  return {
    search: new KyselyListingSearch(db, database.dialect),
    agents: {
      listVerifiedAgents: (offset, limit) => directory.listVerifiedAgents(offset, limit),
      topRatedAgents: (limit) => directory.topRatedAgents(limit),
      findAgent: (userId) => findAgentCard(db, userId),
    },
    clock,
  };
}
