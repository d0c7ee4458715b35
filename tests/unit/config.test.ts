import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../infrastructure/config/config";

describe("configuration", () => {
  it("runs the demo with no configuration at all", () => {
    const config = loadConfig({});
    expect(config.demoMode).toBe(true);
    expect(config.databaseUrl).toBe("data/kamernest.db");
    expect(config.payments.provider).toBe("simulated");
    expect(config.port).toBe(3000);
    expect(config.debugPages).toBe(true);
    expect(config.google).toBeUndefined();
  });

  it("names the variable when a value is bad", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ PAYMENT_PROVIDER: "paypal" })).toThrow(/PAYMENT_PROVIDER/);
    expect(() => loadConfig({ SUPPORT_EMAIL: "not-an-email" })).toThrow(/SUPPORT_EMAIL/);
  });

  it("asks for Fapshi credentials when Fapshi is chosen", () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: "fapshi" })).toThrow(/FAPSHI_API_USER/);
    const config = loadConfig({ PAYMENT_PROVIDER: "fapshi", FAPSHI_API_USER: "u", FAPSHI_API_KEY: "k", FAPSHI_ENV: "live" });
    expect(config.payments.fapshi.baseUrl).toBe("https://live.fapshi.com");
  });

  it("asks for session secrets in production outside the demo, and keeps several for rotation", () => {
    expect(() => loadConfig({ NODE_ENV: "production", DEMO_MODE: "false" })).toThrow(/SESSION_SECRETS/);
    const config = loadConfig({ NODE_ENV: "production", DEMO_MODE: "false", SESSION_SECRETS: "new, old" });
    expect(config.sessionSecrets).toEqual(["new", "old"]);
    expect(config.debugPages).toBe(false);
  });

  it("lists every variable it reads in .env.example", async () => {
    const fs = await import("node:fs");
    const source = fs.readFileSync("infrastructure/config/config.ts", "utf8");
    const example = fs.readFileSync(".env.example", "utf8");
    const names = [...source.matchAll(/^\s{4}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]);
    expect(names.length).toBeGreaterThan(20);
    for (const name of names) expect(example, name).toMatch(new RegExp(`^${name}=`, "m"));
  });
});
