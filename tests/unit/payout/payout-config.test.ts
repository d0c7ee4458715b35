// Payout configuration (issue 34, decision 0212): the provider follows the checkout's unless set,
// Fapshi payouts need their own credentials (refused at start-up without them), and a public site
// may not run simulated payouts.
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "#infrastructure/config/config";
import { createDisbursements } from "#infrastructure/payments/disbursements-factory";

const LIVE = {
  NODE_ENV: "production",
  DEMO_MODE: "false",
  APP_URL: "https://kamernest.cm",
  PAYMENT_PROVIDER: "fapshi",
  FAPSHI_API_USER: "collect-user",
  FAPSHI_API_KEY: "collect-key",
  FAPSHI_WEBHOOK_SECRET: "webhook-secret",
  SESSION_SECRETS: "q7Vb2mXw9LkP4sTz8NcR1yHd6JfG3aEu",
};

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe("payout configuration", () => {
  it("is simulated beside the simulated checkout and off beside Fapshi's, unless PAYOUT_PROVIDER says", () => {
    expect(loadConfig({}).payouts.provider).toBe("simulated");
    expect(loadConfig(LIVE).payouts.provider).toBe("off");
    expect(loadConfig({ PAYOUT_PROVIDER: "off" }).payouts.provider).toBe("off");
  });

  it("refuses to start with Fapshi payouts but without the payout credentials, on a public site or not", () => {
    for (const env of [LIVE, { PAYOUT_PROVIDER: "fapshi" }]) {
      const found = problems({ ...env, PAYOUT_PROVIDER: "fapshi" }).join("\n");
      expect(found).toMatch(/FAPSHI_PAYOUT_API_USER: is required when PAYOUT_PROVIDER=fapshi/);
      expect(found).toMatch(/FAPSHI_PAYOUT_API_KEY: is required when PAYOUT_PROVIDER=fapshi/);
      expect(found).toMatch(/FAPSHI_PAYOUT_WEBHOOK_SECRET: is required when PAYOUT_PROVIDER=fapshi/);
    }
    expect(
      problems({ ...LIVE, PAYOUT_PROVIDER: "fapshi", FAPSHI_PAYOUT_API_USER: "collect-user", FAPSHI_PAYOUT_API_KEY: "k" }).join("\n"),
    ).toMatch(/FAPSHI_PAYOUT_API_USER: must be the disbursement service's/);
    const config = loadConfig({
      ...LIVE,
      PAYOUT_PROVIDER: "fapshi",
      FAPSHI_PAYOUT_API_USER: "payout-user",
      FAPSHI_PAYOUT_API_KEY: "payout-key",
      FAPSHI_PAYOUT_WEBHOOK_SECRET: "payout-secret",
    });
    expect(config.payouts).toEqual({
      provider: "fapshi",
      fapshi: { baseUrl: "https://sandbox.fapshi.com", apiUser: "payout-user", apiKey: "payout-key", webhookSecret: "payout-secret" },
      schedule: { weekday: 1, minute: 0 },
    });
    expect(createDisbursements(config, { db: null as never })?.name).toBe("fapshi");
  });

  it("runs by itself on Monday 00:00 in Buea unless PAYOUT_SCHEDULE says another day and time, or off; refuses garbage", () => {
    expect(loadConfig({}).payouts.schedule).toEqual({ weekday: 1, minute: 0 });
    expect(loadConfig({ PAYOUT_SCHEDULE: "fri 14:30" }).payouts.schedule).toEqual({ weekday: 5, minute: 870 });
    expect(loadConfig({ PAYOUT_SCHEDULE: "off" }).payouts.schedule).toBeNull();
    expect(problems({ PAYOUT_SCHEDULE: "every monday" }).join("\n")).toMatch(/^PAYOUT_SCHEDULE: must be "off" or a day and a time/);
  });

  it("refuses simulated payouts on a public site", () => {
    expect(problems({ ...LIVE, PAYOUT_PROVIDER: "simulated" })[0]).toMatch(/^PAYOUT_PROVIDER: must be fapshi or off on a public site/);
  });

  it("makes no provider when payouts are off", () => {
    expect(createDisbursements(loadConfig(LIVE), { db: null as never })).toBeNull();
  });
});
