// Fapshi over HTTP (see /work/shared/FAPSHI.md): initiate-pay (a hosted checkout link) or, when
// enabled, direct-pay (a prompt pushed to the phone); payment-status; expire-pay. Every answer is
// validated: anything unexpected is an 'invalid_response' rather than a crash further in.
import { readFapshiAnswer } from "./fapshi-answer";
import { z } from "zod";
import {
  PaymentGatewayError,
  type InitiatePaymentRequest,
  type InitiatePaymentResult,
  type PaymentGateway,
  type ProviderStatus,
  type ProviderTransaction,
} from "#domain/payment/payment-gateway.port";

export interface FapshiGatewayOptions {
  baseUrl: string;
  apiUser: string;
  apiKey: string;
  /** The app's public URL: the payer comes back to {appUrl}/payment-success?ref=<reference>. */
  appUrl: string;
  /** Push the payment to the phone (direct-pay) instead of a hosted checkout link. */
  directPay?: boolean;
  /** Per request; the use case also gives initiation 30 s of its own. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const STATUS_MAP: Record<string, ProviderStatus> = {
  CREATED: "pending",
  PENDING: "pending",
  SUCCESSFUL: "successful",
  FAILED: "failed",
  EXPIRED: "expired",
};

const transactionSchema = z.object({
  transId: z.string().min(1),
  status: z.string().transform((s, ctx) => {
    const mapped = STATUS_MAP[s.toUpperCase()];
    if (!mapped) {
      ctx.addIssue({ code: "custom", message: `unknown status ${s}` });
      return z.NEVER;
    }
    return mapped;
  }),
  amount: z.coerce.number().int(),
  externalId: z.string().nullish(),
  userId: z.string().nullish(),
  reason: z.string().nullish(),
});
// Some versions of the docs show payment-status wrapped in an array: accept both.
const statusResponseSchema = z.union([
  transactionSchema,
  z
    .array(transactionSchema)
    .length(1)
    .transform((a) => a[0]),
]);
const initiateSchema = z.object({ transId: z.string().min(1), link: z.string().nullish() });
const directSchema = z.object({ transId: z.string().min(1) });

const MEDIUM = { mtn_momo: "mobile money", orange_money: "orange money" } as const;

export class FapshiPaymentGateway implements PaymentGateway {
  readonly name = "fapshi";
  private readonly fetch: typeof fetch;
  private readonly baseUrl: string;

  constructor(private readonly options: FapshiGatewayOptions) {
    this.fetch = options.fetch ?? globalThis.fetch;
    this.baseUrl = options.baseUrl.replace(/\/$/, "");
  }

  returnUrl(reference: string): string {
    return `${this.options.appUrl.replace(/\/$/, "")}/payment-success?ref=${encodeURIComponent(reference)}`;
  }

  async initiate(request: InitiatePaymentRequest, signal?: AbortSignal): Promise<InitiatePaymentResult> {
    const common = {
      amount: request.amount,
      email: request.email,
      userId: request.userId,
      externalId: request.reference,
      message: request.message,
    };
    if (this.options.directPay) {
      const body = await this.request(
        "POST",
        "/direct-pay",
        { ...common, phone: request.phone, medium: MEDIUM[request.method], name: request.customerName },
        signal,
      );
      const parsed = directSchema.safeParse(body);
      if (!parsed.success) throw new PaymentGatewayError("invalid_response", "direct-pay answered without a transaction id");
      // No link: the prompt is on the phone; the return page polls until it ends.
      return { transId: parsed.data.transId, checkoutUrl: this.returnUrl(request.reference) };
    }
    const body = await this.request("POST", "/initiate-pay", { ...common, redirectUrl: this.returnUrl(request.reference) }, signal);
    const parsed = initiateSchema.safeParse(body);
    if (!parsed.success) throw new PaymentGatewayError("invalid_response", "initiate-pay answered without a transaction id");
    const link = parsed.data.link?.trim();
    if (!link || !/^https?:\/\//i.test(link)) throw new PaymentGatewayError("link_missing", "initiate-pay answered without a payment link");
    return { transId: parsed.data.transId, checkoutUrl: link };
  }

  async getStatus(transId: string): Promise<ProviderTransaction> {
    const body = await this.request("GET", `/payment-status/${encodeURIComponent(transId)}`);
    return toTransaction(body);
  }

  /**
   * POST /expire-pay answers the expired transaction. A 400 says it could not be expired: "Link
   * already expired", a link already paid, or a direct-pay prompt (no link to expire). Which of
   * them is read from GET /payment-status, so the caller learns whether the money was taken.
   */
  async expire(transId: string): Promise<ProviderTransaction> {
    try {
      return toTransaction(await this.request("POST", "/expire-pay", { transId }));
    } catch (error) {
      if (error instanceof PaymentGatewayError && error.kind === "rejected" && error.httpStatus === 400) return this.getStatus(transId);
      throw error;
    }
  }

  /**
   * GET /transaction/{userId} lists the user's transactions; ours is the one whose externalId is
   * our reference. A 404 (no transaction for that user) is none. Should the provider ever list two
   * (it should not: one reference, one initiation), a successful one is the one that matters.
   */
  async findByReference(query: { reference: string; userId: string }): Promise<ProviderTransaction | null> {
    let body: unknown;
    try {
      body = await this.request("GET", `/transaction/${encodeURIComponent(query.userId)}`);
    } catch (error) {
      if (error instanceof PaymentGatewayError && error.kind === "rejected" && error.httpStatus === 404) return null;
      throw error;
    }
    if (!Array.isArray(body)) throw new PaymentGatewayError("invalid_response", "transaction list answered an unexpected shape");
    const ours = body
      .filter((item: unknown) => (item as { externalId?: unknown } | null)?.externalId === query.reference)
      .map(toTransaction);
    return ours.find((t) => t.status === "successful") ?? ours[0] ?? null;
  }

  private async request(method: "GET" | "POST", path: string, body?: unknown, signal?: AbortSignal): Promise<unknown> {
    const timeout = AbortSignal.timeout(this.options.timeoutMs ?? 30_000);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let response: Response;
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
        signal: combined,
      });
    } catch (error) {
      if (combined.aborted) throw new PaymentGatewayError("timeout", `Fapshi ${method} ${path} timed out`);
      throw new PaymentGatewayError(
        "network",
        `Fapshi ${method} ${path} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    let text: string;
    try {
      text = await response.text();
    } catch {
      if (combined.aborted) throw new PaymentGatewayError("timeout", `Fapshi ${method} ${path} timed out`);
      throw new PaymentGatewayError("network", `Fapshi ${method} ${path}: the answer was cut off`);
    }
    return readFapshiAnswer(method, path, response, text);
  }
}

function toTransaction(body: unknown): ProviderTransaction {
  const parsed = statusResponseSchema.safeParse(body);
  if (!parsed.success) throw new PaymentGatewayError("invalid_response", "payment-status answered an unexpected shape");
  const t = parsed.data;
  return {
    transId: t.transId,
    status: t.status,
    amount: t.amount,
    externalId: t.externalId ?? null,
    userId: t.userId ?? null,
    reason: t.reason ?? null,
  };
}
