// No secret, token, password, cookie, Authorization header, webhook signature, reset or
// verification token, or full phone number survives into a log line (issue 13). The lines are
// written through a real pino logger (createLogger) and read back as the bytes it would write.
import { describe, expect, it, vi } from "vitest";
import { createLogger, logger, prettyLine } from "#infrastructure/logging/logger";
import { maskPhone, redactLine } from "#infrastructure/logging/redact";
import { loadConfig } from "#infrastructure/config/config";

function loggerWithLines() {
  const lines: string[] = [];
  const log = createLogger({ level: "trace", sink: { write: (line) => void lines.push(line) } });
  return { log, lines, text: () => lines.join("") };
}

const SECRETS = [
  "hunter2-Passw0rd",
  "s3ss10n-cookie-value",
  "eyJhbGciOiJIUzI1NiJ9.payload.sig",
  "whsec-0123456789abcdef",
  "reset-token-1c4f8a9b",
  "verify-token-77aa88bb",
  "fapshi-api-key-secret",
  "smtp-password-9",
  "oauth-code-4/0AbCd",
  "db-password-xyz",
];

describe("log redaction", () => {
  it("removes secrets wherever they are: fields, nested objects, headers, messages, URLs, error stacks", () => {
    const { log, text } = loggerWithLines();
    log.info({ password: SECRETS[0], user: { newPassword: SECRETS[0], email: "ada@example.cm" } }, "sign-up");
    log.info(
      { headers: { cookie: `kn_session=${SECRETS[1]}`, authorization: `Bearer ${SECRETS[2]}`, "x-fapshi-signature": SECRETS[3] } },
      "webhook",
    );
    log.info({ headers: { "set-cookie": [`kn_session=${SECRETS[1]}; Path=/`, "kn_lang=ImZyIg=="] } }, "answer");
    log.info({ path: `/auth/reset-password?token=${SECRETS[4]}&lng=fr` }, "request");
    log.info(`GET /auth/confirm?token=${SECRETS[5]} answered 302`);
    log.warn(`Fapshi refused: apiKey=${SECRETS[6]} password: ${SECRETS[7]}`);
    log.info({ url: `https://k.test/auth/google/callback?state=abc123&code=${SECRETS[8]}` }, "callback");
    log.error({ err: new Error(`connect failed for postgres://kamernest:${SECRETS[9]}@db.internal:5432/kn`) }, "database");
    log.info(`Authorization: Bearer ${SECRETS[2]}`);
    log.info({ apiKey: SECRETS[6], webhookSecret: SECRETS[3], otp: "123456", recoveryCodes: ["aaaa-bbbb", "cccc-dddd"] }, "config");
    log.info({ token: { value: SECRETS[4], expires: "2026-12-01" } }, "token object");

    const written = text();
    for (const secret of SECRETS) expect(written, secret).not.toContain(secret);
    expect(written).not.toContain("aaaa-bbbb");
    expect(written).not.toContain('"otp":"123456"');
    // What is not secret stays, so the lines are still useful.
    expect(written).toContain("ada@example.cm");
    expect(written).toContain("/auth/reset-password?token=[REDACTED]&lng=fr");
    expect(written).toContain("db.internal:5432");
    // Every line is still one valid JSON object.
    for (const line of written.trim().split("\n")) expect(() => JSON.parse(line)).not.toThrow();
  });

  it("masks phone numbers to their first and last three digits, in fields and in text", () => {
    const { log, text } = loggerWithLines();
    log.info({ phone: "677123456" }, "payment started");
    log.info({ payer: { phone: "+237 677 12 34 56" } }, "payer");
    log.warn("collect failed for 690-98-76-54 (timeout)");
    log.info("WhatsApp 237699887766 answered");
    const written = text();
    for (const digits of ["677123456", "677 12 34 56", "690-98-76-54", "237699887766", "12345", "98765"])
      expect(written, digits).not.toContain(digits);
    expect(written).toContain("6•••••456");
    expect(written).toContain("2••••••••766");
    expect(written).toContain("6•••••654");
  });

  it("leaves times, durations, ids, amounts and statuses alone", () => {
    const line =
      '{"level":30,"time":"2026-11-23T03:41:17.123Z","reqId":"3f2b8c1e-9d4a-4b6e-8f00-123456789012","ms":1234.5,"amount":150000,"status":500,"path":"/listings?page=2","msg":"request"}';
    expect(redactLine(line)).toBe(line);
    // A random id whose first groups came out all digits (one request id in a few hundred) is still an id.
    for (const id of [
      "76201481-9762-4814-b9b5-70c97a5fa3a3",
      "12345678-1234-4234-8234-123456789012",
      "a1b2c3d4-1234-5678-9012-345678901234",
    ]) {
      const idLine = `{"reqId":"${id}","msg":"request"}`;
      expect(redactLine(idLine)).toBe(idLine);
    }
    expect(maskPhone("677123456")).toBe("6•••••456");
  });

  it("redacts before the pretty format too", () => {
    const { lines } = loggerWithLines();
    const log = createLogger({ level: "info", format: "pretty", sink: { write: (line) => void lines.push(line) } });
    log.info({ password: SECRETS[0], phone: "677123456" }, "pretty");
    expect(lines.join("")).toContain("pretty");
    expect(lines.join("")).not.toContain(SECRETS[0]);
    expect(lines.join("")).not.toContain("677123456");
    expect(prettyLine('{"level":50,"time":"2026-11-23T03:41:17.123Z","reqId":"abc","msg":"boom"}')).toBe("03:41:17.123 ERROR [abc] boom\n");
  });
});

describe("the process logger under Vitest", () => {
  it("passes an error line to console.error, where tests/support/vitest-setup.ts fails the test", () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    logger.error({ err: new Error("disk full"), password: "hunter2" }, "unexpected failure");
    expect(spy).toHaveBeenCalledTimes(1);
    expect(String(spy.mock.calls[0][0])).toContain("unexpected failure");
    expect(String(spy.mock.calls[0][0])).toContain("disk full");
  });
});

describe("LOG_LEVEL and LOG_FORMAT", () => {
  it("default to info and JSON, and a bad value stops the server naming the variable", () => {
    expect(loadConfig({ NODE_ENV: "test" }).logging).toEqual({ level: "info", format: "json" });
    expect(loadConfig({ NODE_ENV: "test", LOG_LEVEL: "warn", LOG_FORMAT: "pretty" }).logging).toEqual({ level: "warn", format: "pretty" });
    expect(() => loadConfig({ NODE_ENV: "test", LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ NODE_ENV: "test", LOG_FORMAT: "xml" })).toThrow(/LOG_FORMAT/);
  });
});
