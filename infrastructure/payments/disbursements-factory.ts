// Chooses the disbursement provider from configuration (PAYOUT_PROVIDER), for the composition root.
import type { Kysely } from "kysely";
import type { Disbursements } from "#domain/payout/disbursement-gateway.port";
import type { Clock } from "#domain/shared/clock";
import type { Config } from "../config/config";
import type { Database } from "../db/schema";
import { FapshiDisbursements } from "./fapshi-disbursements";
import { SimulatedDisbursements } from "./simulated-disbursements";

/** Null when payouts are off. */
export function createDisbursements(config: Pick<Config, "payouts">, deps: { db: Kysely<Database>; clock?: Clock }): Disbursements | null {
  const p = config.payouts;
  if (p.provider === "off") return null;
  if (p.provider === "fapshi") {
    if (!p.fapshi.apiUser || !p.fapshi.apiKey)
      throw new Error("FAPSHI_PAYOUT_API_USER and FAPSHI_PAYOUT_API_KEY are required when PAYOUT_PROVIDER=fapshi");
    return new FapshiDisbursements({ baseUrl: p.fapshi.baseUrl, apiUser: p.fapshi.apiUser, apiKey: p.fapshi.apiKey });
  }
  return new SimulatedDisbursements({ db: deps.db, clock: deps.clock });
}
