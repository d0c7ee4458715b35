// Counts on the admin screens agree with their number (issue 33: "1 pending commissions"), in
// English and French, through i18next's plural keys (_one, _other).
import fs from "node:fs";
import path from "node:path";
import i18next from "i18next";
import { describe, expect, it } from "vitest";

async function tFor(language: "en" | "fr") {
  const instance = i18next.createInstance();
  const read = (ns: string) => JSON.parse(fs.readFileSync(path.resolve("public/locales", language, `${ns}.json`), "utf8")) as object;
  await instance.init({ lng: language, ns: ["admin-stats"], resources: { [language]: { "admin-stats": read("admin-stats") } } });
  return instance.getFixedT(language, "admin-stats");
}

describe("admin plurals", () => {
  it.each([
    ["en", 1, "1 pending commission, 5 000 FCFA"],
    ["en", 2, "2 pending commissions, 5 000 FCFA"],
    ["fr", 1, "1 commission en attente, 5 000 FCFA"],
    ["fr", 2, "2 commissions en attente, 5 000 FCFA"],
  ] as const)("%s, %i: the dashboard and the payout run say “%s”", async (language, count, expected) => {
    const t = await tFor(language);
    expect(t("dashboard.commissionsPendingSummary", { count, amount: "5 000 FCFA" })).toBe(expected);
    expect(t("reports.captions.payout", { count, amount: "5 000 FCFA" })).toBe(expected);
    expect(t("reports.agentTotal", { count, amount: "5 000 FCFA" })).toBe(expected);
  });
});
