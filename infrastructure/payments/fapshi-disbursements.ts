// Fapshi's disbursement service over HTTP (see /work/shared/FAPSHI.md, "Payouts"): its own
// apiuser/apikey pair, POST /payout, GET /balance, GET /payment-status/{transId}, and a payout
// whose answer was lost found again by our reference through GET /transaction/{userId}. Requests
// go out as the official SDK sends them: apiuser/apikey headers, a JSON body, GETs without one.
// Every answer is validated; anything unexpected is an 'invalid_response'.
import { readFapshiAnswer } from "./fapshi-answer";
import { z } from "zod";
import { PaymentGatewayError } from "#domain/payment/payment-gateway.port";
import type { Disbursements, ProviderPayout, ProviderPayoutStatus, SendPayoutRequest } from "#domain/payout/disbursement-gateway.port";

export interface FapshiDisbursementsOptions {
  baseUrl: string;
  apiUser: string;
  apiKey: string;
  /** Per request. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

// A payout is never 'expired'; CREATED is not yet attempted, so still pending.
const STATUS: Record<string, ProviderPayoutStatus> = {
  CREATED: "pending",
  PENDING: "pending",
  SUCCESSFUL: "successful",
  FAILED: "failed",
};

const transactionSchema = z.object({
  transId: z.string().min(1),
  status: z.string().transform((s, ctx) => {
    const mapped = STATUS[s.toUpperCase()];
    if (!mapped) {
      ctx.addIssue({ code: "custom", message: `unknown payout status ${s}` });
      return z.NEVER;
    }
    return mapped;
  }),
  amount: z.coerce.number().int(),
  externalId: z.string().nullish(),
  reason: z.string().nullish(),
});
const statusSchema = z.union([
  transactionSchema,
  z
    .array(transactionSchema)
    .length(1)
    .transform((a) => a[0]),
]);
const sendSchema = z.object({ transId: z.string().min(1) });
const balanceSchema = z.object({ balance: z.coerce.number() });

const MEDIUM = { mtn_momo: "mobile money", orange_money: "orange money" } as const;

export class FapshiDisbursements implements Disbursements {
  readonly name = "fapshi";
  private readonly fetch: typeof fetch;
  private readonly baseUrl: string;

  constructor(private readonly options: FapshiDisbursementsOptions) {
    this.fetch = options.fetch ?? globalThis.fetch;
    this.baseUrl = options.baseUrl.replace(/\/$/, "");
  }

  async balance(): Promise<number> {
    const parsed = balanceSchema.safeParse(await this.request("GET", "/balance"));
    if (!parsed.success) throw new PaymentGatewayError("invalid_response", "balance answered an unexpected shape");
    return parsed.data.balance;
  }

  async send(request: SendPayoutRequest): Promise<{ transId: string }> {
    const body = await this.request("POST", "/payout", {
      amount: request.amount,
      phone: request.phone,
      medium: MEDIUM[request.medium],
      name: request.name,
      userId: request.userId,
      externalId: request.reference,
      message: request.message,
    });
    const parsed = sendSchema.safeParse(body);
    if (!parsed.success) throw new PaymentGatewayError("invalid_response", "payout answered without a transaction id");
    return { transId: parsed.data.transId };
  }

  async status(transId: string): Promise<ProviderPayout> {
    return toPayout(await this.request("GET", `/payment-status/${encodeURIComponent(transId)}`));
  }

  /** The payee's transactions (GET /transaction/{userId}); ours carries our reference. A 404 is none. */
  async findByReference(query: { reference: string; userId: string }): Promise<ProviderPayout | null> {
    let body: unknown;
    try {
      body = await this.request("GET", `/transaction/${encodeURIComponent(query.userId)}`);
    } catch (error) {
      if (error instanceof PaymentGatewayError && error.kind === "rejected" && error.httpStatus === 404) return null;
      throw error;
    }
    if (!Array.isArray(body)) throw new PaymentGatewayError("invalid_response", "transaction list answered an unexpected shape");
    const ours = body.filter((item: unknown) => (item as { externalId?: unknown } | null)?.externalId === query.reference).map(toPayout);
    return ours.find((t) => t.status === "successful") ?? ours[0] ?? null;
  }

  private async request(method: "GET" | "POST", path: string, body?: unknown): Promise<unknown> {
    const signal = AbortSignal.timeout(this.options.timeoutMs ?? 30_000);
    let response: Response;
    let text: string;
    try {
      response = await this.fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          apiuser: this.options.apiUser,
          apikey: this.options.apiKey,
          "content-type": "application/json",
          accept: "application/json",
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
      text = await response.text();
    } catch (error) {
      if (signal.aborted) throw new PaymentGatewayError("timeout", `Fapshi ${method} ${path} timed out`);
      throw new PaymentGatewayError(
        "network",
        `Fapshi ${method} ${path} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    return readFapshiAnswer(method, path, response, text);
  }
}

function toPayout(body: unknown): ProviderPayout {
  const parsed = statusSchema.safeParse(body);
  if (!parsed.success) throw new PaymentGatewayError("invalid_response", "payment-status answered an unexpected payout");
  const t = parsed.data;
  return { transId: t.transId, status: t.status, amount: t.amount, externalId: t.externalId ?? null, reason: t.reason ?? null };
}
