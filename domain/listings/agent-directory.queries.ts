import { domainError, err, ok, type DomainError, type Result } from "../shared/result";
import { readPageOrNotFound, type ListPage } from "../shared/paging";
import type { AgentDirectory } from "./agent-directory.port";
import type { AgentCard } from "./listing-read-models";

/** Agents on a page of the directory: a multiple of the grid's 2 and 3 columns. */
export const AGENT_DIRECTORY_PAGE_SIZE = 24;

export type AgentDirectoryPage = ListPage<AgentCard>;

export type AgentDirectoryError = DomainError<"agents.page_not_found">;

/**
 * One page of the verified agents, by business name (or name). Page 1 always exists, even empty;
 * a later page past the end is `agents.page_not_found`, so the route answers 404 (as the blog).
 */
export async function agentDirectoryPage(
  directory: AgentDirectory,
  input: { page: number },
): Promise<Result<AgentDirectoryPage, AgentDirectoryError>> {
  const found = await readPageOrNotFound(input.page, AGENT_DIRECTORY_PAGE_SIZE, async (offset, limit) => {
    const { agents, total } = await directory.listVerifiedAgents(offset, limit);
    return { items: agents, total };
  });
  return found ? ok(found) : err(domainError("agents.page_not_found"));
}
