import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "#infrastructure/config/config";
import { securityHeaders } from "../../server/security";

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

  it("gives French pages the support address in French: SUPPORT_ADDRESS_FR, else SUPPORT_ADDRESS, else the demo's", () => {
    const demo = loadConfig({}).support;
    expect(demo.address).toMatch(/opposite the University of Buea/);
    expect(demo.addressFr).toBe("Molyko, en face de l'entrée principale de l'Université de Buea, Buea, Cameroun");
    expect(loadConfig({ SUPPORT_ADDRESS: "Rue 1, Buea" }).support.addressFr).toBe("Rue 1, Buea");
    expect(loadConfig({ SUPPORT_ADDRESS: "Street 1, Buea", SUPPORT_ADDRESS_FR: "Rue 1, Buea" }).support).toMatchObject({
      address: "Street 1, Buea",
      addressFr: "Rue 1, Buea",
    });
  });

  it("reads the map picker's tiles (decision 0205): none in the demo, an https template with {z}, {x}, {y}", () => {
    expect(loadConfig({}).mapTiles).toBeUndefined();
    expect(loadConfig({ MAP_TILES_URL: "https://tiles.example.com/{z}/{x}/{y}.png?key=k" }).mapTiles).toEqual({
      url: "https://tiles.example.com/{z}/{x}/{y}.png?key=k",
      attribution: "© OpenStreetMap contributors",
    });
    for (const bad of [
      "http://tiles.example.com/{z}/{x}/{y}.png",
      "https://tiles.example.com/tiles.png",
      "https://{s}.tile.example.com/{z}/{x}/{y}.png",
    ]) {
      expect(() => loadConfig({ MAP_TILES_URL: bad }), bad).toThrow(/MAP_TILES_URL/);
    }
    // Its origin may serve images to the pages (the CSP's img-src), nothing else.
    const config = loadConfig({ MAP_TILES_URL: "https://tiles.example.com/{z}/{x}/{y}.png" });
    const headers: Record<string, string> = {};
    const res = { locals: {}, setHeader: (name: string, value: string) => (headers[name] = value) };
    securityHeaders(config, { dev: false })({} as never, res as never, () => {});
    expect(headers["Content-Security-Policy"]).toMatch(/img-src 'self' data: blob: https:\/\/tiles\.example\.com;/);
    expect(headers["Content-Security-Policy"]).not.toMatch(/script-src[^;]*tiles\.example\.com/);
  });

  it("names the variable when a value is bad", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ PAYMENT_PROVIDER: "paypal" })).toThrow(/PAYMENT_PROVIDER/);
    expect(() => loadConfig({ SUPPORT_EMAIL: "not-an-email" })).toThrow(/SUPPORT_EMAIL/);
  });

  it("sends booking e-mails every minute by default; 0 turns the job off; a bad value is refused", () => {
    expect(loadConfig({}).bookingNoticesIntervalMs).toBe(60_000);
    expect(loadConfig({ BOOKING_NOTICES_INTERVAL_MS: "0" }).bookingNoticesIntervalMs).toBe(0);
    expect(() => loadConfig({ BOOKING_NOTICES_INTERVAL_MS: "-5" })).toThrow(/BOOKING_NOTICES_INTERVAL_MS/);
    expect(() => loadConfig({ BOOKING_NOTICES_INTERVAL_MS: "soon" })).toThrow(/BOOKING_NOTICES_INTERVAL_MS/);
  });

  it("allows 20 failed sign-ins per IP by default; LOGIN_FAILURES_PER_IP raises it; a bad value is refused", () => {
    expect(loadConfig({}).loginFailuresPerIp).toBe(20);
    expect(loadConfig({ LOGIN_FAILURES_PER_IP: "500" }).loginFailuresPerIp).toBe(500);
    expect(() => loadConfig({ LOGIN_FAILURES_PER_IP: "0" })).toThrow(/LOGIN_FAILURES_PER_IP/);
    expect(() => loadConfig({ LOGIN_FAILURES_PER_IP: "many" })).toThrow(/LOGIN_FAILURES_PER_IP/);
  });

  it("asks for Fapshi credentials when Fapshi is chosen", () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: "fapshi" })).toThrow(/FAPSHI_API_USER/);
    const config = loadConfig({
      PAYMENT_PROVIDER: "fapshi",
      FAPSHI_API_USER: "u",
      FAPSHI_API_KEY: "k",
      FAPSHI_WEBHOOK_SECRET: "w",
      FAPSHI_ENV: "live",
    });
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

  it("requires FAPSHI_WEBHOOK_SECRET whenever PAYMENT_PROVIDER=fapshi", () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: "fapshi", FAPSHI_API_USER: "u", FAPSHI_API_KEY: "k" })).toThrow(/FAPSHI_WEBHOOK_SECRET/);
  });
});

const LIVE = {
  NODE_ENV: "production",
  DEMO_MODE: "false",
  PAYMENT_PROVIDER: "fapshi",
  FAPSHI_API_USER: "user",
  FAPSHI_API_KEY: "key",
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

describe("a public site may not run as the demo", () => {
  it("stays the demo on localhost with nothing set, even with NODE_ENV=production", () => {
    const config = loadConfig({ NODE_ENV: "production" });
    expect(config.demoMode).toBe(true);
    expect(config.publicDemo).toBe(false);
    for (const url of ["http://127.0.0.1:3000", "http://[::1]:3000", "http://app.localhost:8080"]) {
      expect(loadConfig({ NODE_ENV: "production", APP_URL: url }).publicDemo, url).toBe(false);
    }
  });

  it("refuses a public APP_URL with the demo defaults, naming every variable", () => {
    const found = problems({ NODE_ENV: "production", APP_URL: "https://kamernest.cm" });
    const names = found.map((p) => p.split(":")[0]);
    expect(names).toEqual(expect.arrayContaining(["DEMO_MODE", "PAYMENT_PROVIDER", "SESSION_SECRETS", "FAPSHI_WEBHOOK_SECRET"]));
    expect(found.join("\n")).toContain("ALLOW_PUBLIC_DEMO=true");
  });

  it("refuses a PostgreSQL DATABASE_URL with the demo defaults, whatever NODE_ENV says", () => {
    for (const NODE_ENV of ["production", "development", "test"]) {
      const names = problems({ NODE_ENV, DATABASE_URL: "postgres://db.internal/kamernest" }).map((p) => p.split(":")[0]);
      expect(names, NODE_ENV).toEqual(
        expect.arrayContaining(["DEMO_MODE", "PAYMENT_PROVIDER", "SESSION_SECRETS", "FAPSHI_WEBHOOK_SECRET"]),
      );
    }
  });

  it("names each remaining demo default alone", () => {
    const base = { ...LIVE, APP_URL: "https://kamernest.cm" };
    expect(problems(base)).toEqual([]);
    expect(problems({ ...base, DEMO_MODE: "true" }).map((p) => p.split(":")[0])).toEqual([
      "DEMO_MODE",
      "ALLOW_PUBLIC_DEMO=true runs a public demo site anyway (with a banner on every page)",
    ]);
    expect(problems({ ...base, SESSION_SECRETS: "" })[0]).toMatch(/^SESSION_SECRETS/);
    expect(problems({ ...base, SESSION_SECRETS: "kamernest-demo-secret-not-for-production" })[0]).toMatch(/^SESSION_SECRETS/);
    expect(problems({ ...base, SESSION_SECRETS: "short" })[0]).toMatch(/^SESSION_SECRETS/);
    expect(problems({ ...base, FAPSHI_WEBHOOK_SECRET: "" })[0]).toMatch(/^FAPSHI_WEBHOOK_SECRET/);
    expect(problems({ ...base, ENABLE_DEBUG_PAGES: "true" })[0]).toMatch(/^ENABLE_DEBUG_PAGES/);
    const live = loadConfig(base);
    expect(live.publicDemo).toBe(false);
    expect(live.debugPages).toBe(false);
  });

  it("runs a public demo only when ALLOW_PUBLIC_DEMO=true says so, and flags it for the banner", () => {
    const config = loadConfig({ NODE_ENV: "production", APP_URL: "https://demo.kamernest.cm", ALLOW_PUBLIC_DEMO: "true" });
    expect(config.demoMode).toBe(true);
    expect(config.publicDemo).toBe(true);
    expect(config.publicDemoReasons.map((p) => p.split(":")[0])).toEqual(expect.arrayContaining(["DEMO_MODE", "PAYMENT_PROVIDER"]));
  });
});

describe("TRUST_PROXY", () => {
  it("trusts nobody by default", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
  });

  it("takes a hop count or a list of proxy addresses", () => {
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8" }).trustProxy).toEqual(["10.0.0.0/8"]);
    expect(loadConfig({ TRUST_PROXY: "loopback, 192.168.1.10, fd00::/8" }).trustProxy).toEqual(["loopback", "192.168.1.10", "fd00::/8"]);
  });

  it("refuses true (the client would choose its own IP) and anything that is not an address", () => {
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY: true would let every client choose its own IP/);
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.0/33" })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: "my-proxy" })).toThrow(/TRUST_PROXY/);
  });
});

describe("object storage (S3_*)", () => {
  it("keeps files on local disk when S3_BUCKET is not set", () => {
    expect(loadConfig({}).objectStorage).toBeUndefined();
    expect(loadConfig({ STORAGE_DIR: "/srv/uploads" }).storageDir).toBe("/srv/uploads");
  });

  it("reads a bucket on an S3-compatible endpoint: path-style by default there, credentials and prefix", () => {
    const config = loadConfig({
      S3_BUCKET: "kamernest-files",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_PREFIX: "buea/",
    });
    expect(config.objectStorage).toEqual({
      bucket: "kamernest-files",
      region: "us-east-1",
      endpoint: "http://127.0.0.1:9000",
      forcePathStyle: true,
      credentials: { accessKeyId: "key", secretAccessKey: "secret" },
      prefix: "buea/",
    });
  });

  it("on AWS itself: virtual-hosted addressing and the SDK's own credentials unless given", () => {
    expect(loadConfig({ S3_BUCKET: "kamernest-files", S3_REGION: "eu-west-3" }).objectStorage).toEqual({
      bucket: "kamernest-files",
      region: "eu-west-3",
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
      prefix: "",
    });
  });

  it("refuses a half configuration, naming the variable to set", () => {
    expect(() => loadConfig({ S3_ENDPOINT: "http://127.0.0.1:9000" })).toThrow(/S3_BUCKET: is required when S3_ENDPOINT is set/);
    expect(() => loadConfig({ S3_BUCKET: "kamernest-files", S3_ACCESS_KEY_ID: "key" })).toThrow(
      /S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/,
    );
    expect(() => loadConfig({ S3_BUCKET: "kamernest-files", S3_SECRET_ACCESS_KEY: "secret" })).toThrow(/S3_ACCESS_KEY_ID:/);
  });

  it("refuses a bad bucket name, endpoint or prefix", () => {
    expect(() => loadConfig({ S3_BUCKET: "Kamer_Nest" })).toThrow(/S3_BUCKET: must be a bucket name/);
    expect(() => loadConfig({ S3_BUCKET: "kamernest-files", S3_ENDPOINT: "minio:9000" })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ S3_BUCKET: "kamernest-files", S3_PREFIX: "../up" })).toThrow(/S3_PREFIX: must be path segments ending in \//);
    expect(() => loadConfig({ S3_BUCKET: "kamernest-files", S3_PREFIX: "buea" })).toThrow(/S3_PREFIX/);
  });
});

describe("HOST: where the server listens (issue 30)", () => {
  it("is loopback for a local site, the demo included, so its published passwords stay on this machine", () => {
    expect(loadConfig({}).listenHost).toBe("127.0.0.1");
    expect(loadConfig({ NODE_ENV: "production", APP_URL: "http://localhost:3000" }).listenHost).toBe("127.0.0.1");
    expect(loadConfig({ APP_URL: "http://[::1]:3000" }).listenHost).toBe("127.0.0.1");
  });

  it("is every interface for a public site or a declared public demo", () => {
    expect(loadConfig({ ...LIVE, APP_URL: "https://kamernest.cm" }).listenHost).toBeUndefined();
    expect(
      loadConfig({ NODE_ENV: "production", APP_URL: "https://demo.kamernest.cm", ALLOW_PUBLIC_DEMO: "true" }).listenHost,
    ).toBeUndefined();
    expect(loadConfig({ ALLOW_PUBLIC_DEMO: "true" }).listenHost).toBeUndefined();
  });

  it("is what HOST says when set, and refuses what is not an address", () => {
    expect(loadConfig({ HOST: "0.0.0.0" }).listenHost).toBe("0.0.0.0");
    expect(loadConfig({ HOST: "::" }).listenHost).toBe("::");
    expect(loadConfig({ ...LIVE, APP_URL: "https://kamernest.cm", HOST: "127.0.0.1" }).listenHost).toBe("127.0.0.1");
    expect(loadConfig({ HOST: "" }).listenHost).toBe("127.0.0.1");
    expect(() => loadConfig({ HOST: "every interface" })).toThrow(/HOST/);
    expect(() => loadConfig({ HOST: "127.0.0.1:3000" })).toThrow(/HOST/);
  });
});
