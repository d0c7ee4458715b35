// Shared by the discovery route tests (not a test file): a harness with an approved agent, a
// student and a few listings in known places and prices.
import { listingFixtures, hoursAfterT0, type PropertyFixture } from "../listings/listing-fixtures";
import { createPersona, createRouteHarness, signedInJar, type CookieJar, type RouteHarness } from "../../support/route-harness";
import type { DatabaseKind } from "../../support/test-database";

export interface DiscoveryWorld {
  h: RouteHarness;
  agent: { id: string; email: string };
  student: { id: string; email: string };
  studentJar: () => Promise<CookieJar>;
  agentJar: () => Promise<CookieJar>;
  fixtures: ReturnType<typeof listingFixtures>;
  /** Ids of the properties inserted, by label. */
  ids: Record<string, string>;
}

export const NEIGHBOURHOOD_RENTS: Array<[string, string, number]> = [
  ["molyko-cheap", "Molyko", 20_000],
  ["molyko-mid", "Molyko", 35_000],
  ["molyko-dear", "Molyko", 80_000],
  ["bomaka-cheap", "Bomaka", 22_000],
  ["bomaka-mid", "Bomaka", 45_000],
  ["soppo", "Great Soppo", 30_000],
];

export async function createDiscoveryWorld(kind: DatabaseKind = "sqlite", options: { extraMolyko?: number } = {}): Promise<DiscoveryWorld> {
  const h = await createRouteHarness({ kind });
  const agent = await createPersona(h, "approvedAgent", { fullName: "Clovis Ngwa" });
  const student = await createPersona(h, "student", { fullName: "Brenda Ayuk" });
  const fixtures = listingFixtures(h.database.db);
  const ids: Record<string, string> = {};
  const rows: PropertyFixture[] = NEIGHBOURHOOD_RENTS.map(([label, neighbourhood, rent], i) => {
    ids[label] = `00000000-0000-4000-8000-${String(i + 1).padStart(12, "0")}`;
    return fixtures.property({
      id: ids[label],
      agent_id: agent.id,
      title: `Room ${label}`,
      neighbourhood,
      monthly_rent: rent,
      description: `A room in ${neighbourhood}`,
      created_at: hoursAfterT0(i + 1),
      is_verified: i % 2 === 0 ? 1 : 0,
    });
  });
  for (let i = 0; i < (options.extraMolyko ?? 0); i++) {
    const id = `00000000-0000-4000-9000-${String(i + 1).padStart(12, "0")}`;
    ids[`extra-${i + 1}`] = id;
    rows.push(
      fixtures.property({
        id,
        agent_id: agent.id,
        title: `Extra room ${i + 1}`,
        neighbourhood: "Molyko",
        monthly_rent: 25_000 + i,
        created_at: hoursAfterT0(100 + i),
      }),
    );
  }
  await fixtures.insertProperties(rows);
  return {
    h,
    agent,
    student,
    fixtures,
    ids,
    studentJar: () => signedInJar(h, student.id),
    agentJar: () => signedInJar(h, agent.id),
  };
}
