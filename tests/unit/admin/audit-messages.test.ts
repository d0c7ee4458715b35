// The audit log and the payment timeline show readable descriptions (issue 33): every action code
// the code base writes, and every payment event type, has one in English and in French, through
// the one mapping in app/utils/audit-messages.ts.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AUDIT_ACTIONS, isAuditAction } from "#domain/accounts/audit-actions";
import type { PaymentEventType } from "#domain/payment/payment.entity";
import { auditActionKey, paymentEventKey } from "~/utils/audit-messages";

const root = path.resolve("public/locales");

/** The translation of `ns:dotted.key` in `language`, or undefined. */
function translation(language: "en" | "fr", key: string): unknown {
  const [ns, rest] = key.split(":");
  const tree = JSON.parse(fs.readFileSync(path.join(root, language, `${ns}.json`), "utf8")) as unknown;
  return rest.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

// Every type, checked by the compiler: a new PaymentEventType fails the type check until listed.
const PAYMENT_EVENT_TYPES: Record<PaymentEventType, true> = {
  created: true,
  initiated: true,
  provider_status: true,
  succeeded: true,
  failed: true,
  expired: true,
  webhook_received: true,
  reconciled: true,
  mismatch: true,
  matched: true,
  superseded: true,
  refund_queued: true,
  refund_requested: true,
  refund_sent: true,
  refund_send_unconfirmed: true,
  refund_found_by_reference: true,
  refunded: true,
  refund_failed: true,
};

describe("audit and payment-event descriptions", () => {
  it("lists every audit action the domain and the repositories write", () => {
    // The AuditLog port only takes an AuditAction; the rest are literals written straight to the table.
    const written = new Set<string>();
    for (const file of [...sourceFiles("domain"), ...sourceFiles("infrastructure")]) {
      const text = fs.readFileSync(file, "utf8");
      for (const m of text.matchAll(/\baction: "([a-z_-]+\.[a-z_.]+)"/g)) written.add(m[1]);
      for (const m of text.matchAll(/"(admin\.[a-z_.]+)"/g)) written.add(m[1]);
    }
    expect(written.size).toBeGreaterThan(20);
    expect([...written].filter((action) => !isAuditAction(action))).toEqual([]);
  });

  it.each(["en", "fr"] as const)("describes every audit action in %s", (language) => {
    const missing = AUDIT_ACTIONS.filter((action) => {
      const text = translation(language, auditActionKey(action));
      return typeof text !== "string" || text.trim() === "" || text.includes(action);
    });
    expect(missing).toEqual([]);
  });

  it.each(["en", "fr"] as const)("describes every payment event in %s", (language) => {
    const missing = Object.keys(PAYMENT_EVENT_TYPES).filter((type) => {
      const text = translation(language, paymentEventKey(type));
      return typeof text !== "string" || text.trim() === "";
    });
    expect(missing).toEqual([]);
  });
});
