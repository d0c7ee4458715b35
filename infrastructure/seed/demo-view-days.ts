// Daily view counts for the demo agent's listings (the agent's reports, decision 0119): up to the
// last 120 days of each visible listing's life, more on weekdays than at weekends, so the 7, 30
// and 90 day reports all show something. Deterministic (its own PRNG seed).
import type { Insertable } from "kysely";
import type { PropertiesTable, PropertyViewDaysTable } from "../db/schema";
import { addDays, doualaDate } from "#domain/booking/visit-date";
import { DEMO_AGENTS } from "./demo-people";
import { profileIdOf } from "./demo-profiles";
import { createPrng } from "./prng";

const VIEW_DAYS_SEED = 20_261_119;
const HISTORY_DAYS = 120;

export function buildDemoViewDays(properties: Array<Insertable<PropertiesTable>>, now: Date): Array<Insertable<PropertyViewDaysTable>> {
  const prng = createPrng(VIEW_DAYS_SEED);
  const today = doualaDate(now);
  const agentId = profileIdOf(DEMO_AGENTS[0]);
  const rows: Array<Insertable<PropertyViewDaysTable>> = [];
  for (const p of properties.filter((x) => x.agent_id === agentId && !x.hidden_at)) {
    // Some listings draw more interest than others.
    const appeal = 1 + Math.floor(prng.next() * 6);
    const listed = doualaDate(new Date(p.created_at));
    for (let back = HISTORY_DAYS - 1; back >= 0; back--) {
      const day = addDays(today, -back);
      if (day < listed) continue;
      const weekend = [0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay());
      const views = Math.floor(prng.next() * (appeal + 1) * (weekend ? 0.6 : 1.2));
      if (views > 0) rows.push({ property_id: p.id, day, views });
    }
  }
  return rows;
}
