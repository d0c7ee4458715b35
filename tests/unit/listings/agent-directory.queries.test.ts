import { describe, expect, it } from "vitest";
import { AGENT_DIRECTORY_PAGE_SIZE, agentDirectoryPage } from "#domain/listings/agent-directory.queries";
import type { AgentDirectory } from "#domain/listings/agent-directory.port";
import type { AgentCard } from "#domain/listings/listing-read-models";

const card = (i: number): AgentCard => ({
  userId: `a${i}`,
  name: `Agent ${i}`,
  businessName: null,
  verified: true,
  rating: null,
  reviewCount: 0,
  listingCount: 0,
  phone: null,
  whatsapp: null,
});

/** A directory of `count` agents, already in name order, that records what it was asked. */
function directoryOf(count: number) {
  const asked: Array<[number, number]> = [];
  const all = Array.from({ length: count }, (_, i) => card(i));
  const directory: AgentDirectory = {
    listVerifiedAgents: async (offset, limit) => {
      asked.push([offset, limit]);
      return { agents: all.slice(offset, offset + limit), total: count };
    },
    topRatedAgents: async () => [],
  };
  return { directory, asked };
}

describe("the agents directory's pages", () => {
  it("asks for one page of agents and says how many pages there are", async () => {
    const { directory, asked } = directoryOf(AGENT_DIRECTORY_PAGE_SIZE * 2 + 1);
    const result = await agentDirectoryPage(directory, { page: 2 });
    expect(asked).toEqual([[AGENT_DIRECTORY_PAGE_SIZE, AGENT_DIRECTORY_PAGE_SIZE]]);
    expect(result.ok && result.value).toMatchObject({ total: 49, page: 2, pageCount: 3 });
    expect(result.ok && result.value.items.map((a) => a.userId)[0]).toBe(`a${AGENT_DIRECTORY_PAGE_SIZE}`);
  });

  it("has a first page even with no agent, and no page past the end", async () => {
    expect(await agentDirectoryPage(directoryOf(0).directory, { page: 1 })).toEqual({
      ok: true,
      value: { items: [], total: 0, page: 1, pageCount: 1 },
    });
    expect(await agentDirectoryPage(directoryOf(24).directory, { page: 2 })).toEqual({
      ok: false,
      error: { code: "agents.page_not_found" },
    });
  });

  it("reads a page number that is not a whole number from 1 as the first page", async () => {
    for (const page of [0, -3, 1.5, Number.NaN]) {
      const result = await agentDirectoryPage(directoryOf(3).directory, { page });
      expect(result.ok && result.value.page).toBe(1);
    }
  });
});
