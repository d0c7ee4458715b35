// A local stand-in for Fapshi (see /work/shared/FAPSHI.md), for gateway and integration tests:
// node:http on 127.0.0.1, a random port. It checks the apiuser/apikey headers, answers 400/403/404
// with a message, keeps transactions in memory, and can be told to misbehave: a delay (to provoke
// timeouts), 500s, garbage bodies, a missing link, array-wrapped statuses, and scripted status
// changes (e.g. FAILED on the next status call, then SUCCESSFUL).
import http from "node:http";
import type { AddressInfo } from "node:net";

export type FakeStatus = "CREATED" | "PENDING" | "SUCCESSFUL" | "FAILED" | "EXPIRED";

export interface FakeTransaction {
  transId: string;
  status: FakeStatus;
  medium: string | null;
  serviceName: string;
  transType: "initiate-pay" | "direct-pay" | "payout";
  amount: number;
  revenue: number;
  payerName: string | null;
  email: string | null;
  redirectUrl: string | null;
  externalId: string | null;
  userId: string | null;
  webhook: string | null;
  reason: string | null;
  financialTransId: string | null;
  dateInitiated: string;
  dateConfirmed: string | null;
  phone: string | null;
}

export interface FakeRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

export interface FakeFapshiOptions {
  apiUser?: string;
  apiKey?: string;
}

export type FakeMode = "normal" | "error500" | "garbage" | "no_link";

export class FakeFapshiServer {
  readonly apiUser: string;
  readonly apiKey: string;
  readonly transactions = new Map<string, FakeTransaction>();
  readonly requests: FakeRequest[] = [];
  /** Milliseconds to wait before answering anything. */
  delayMs = 0;
  mode: FakeMode = "normal";
  /** Modes that apply to one endpoint only, e.g. { "/initiate-pay": "error500" }. */
  readonly endpointModes = new Map<string, FakeMode>();
  /**
   * Per endpoint, e.g. { "/direct-pay": 500 }: the request is carried out at once (the transaction
   * exists, the prompt is on the phone) but the answer leaves this many ms later, so a client with
   * a shorter timeout never sees it.
   */
  readonly lateAnswerMs = new Map<string, number>();
  /** Answer payment-status wrapped in an array, as some versions of the docs show. */
  wrapStatusInArray = false;
  /** What GET /balance answers (the disbursement service's balance; random in the real sandbox). */
  balance = 500_000;
  private readonly scripts = new Map<string, FakeStatus[]>();
  private server?: http.Server;
  private n = 0;
  url = "";

  constructor(options: FakeFapshiOptions = {}) {
    this.apiUser = options.apiUser ?? "test-user";
    this.apiKey = options.apiKey ?? "test-key";
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}`;
    return this;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }

  /** Moves a transaction, as the payer would at Fapshi. */
  setStatus(transId: string, status: FakeStatus): void {
    const tx = this.mustGet(transId);
    tx.status = status;
    if (status === "SUCCESSFUL") tx.dateConfirmed = new Date().toISOString();
  }

  /** Statuses the transaction takes on successive payment-status calls (the last one sticks). */
  script(transId: string, ...statuses: FakeStatus[]): void {
    this.scripts.set(transId, [...statuses]);
  }

  /** Changes a field the provider reports, e.g. to fake a tampered amount. */
  patch(transId: string, fields: Partial<FakeTransaction>): void {
    Object.assign(this.mustGet(transId), fields);
  }

  transactionByExternalId(externalId: string): FakeTransaction | undefined {
    return [...this.transactions.values()].find((t) => t.externalId === externalId);
  }

  /** Makes Fapshi forget a transaction: payment-status answers 404 for it from now on. */
  forget(transId: string): void {
    this.transactions.delete(transId);
  }

  private mustGet(transId: string): FakeTransaction {
    const tx = this.transactions.get(transId);
    if (!tx) throw new Error(`No fake transaction ${transId}`);
    return tx;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    let body: unknown = undefined;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      body = raw;
    }
    const path = new URL(req.url ?? "/", "http://x").pathname;
    this.requests.push({ method: req.method ?? "GET", path, headers: req.headers, body });

    if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs));
    // The request stream is destroyed once read; only the socket says whether the client has gone.
    if (res.destroyed || !res.socket || res.socket.destroyed) return;

    const endpoint = "/" + (path.split("/")[1] ?? "");
    const send = (status: number, payload: unknown) => {
      const write = () => {
        if (res.destroyed || !res.socket || res.socket.destroyed) return;
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(payload));
      };
      const late = this.lateAnswerMs.get(endpoint);
      if (late) setTimeout(write, late);
      else write();
    };
    const mode = this.endpointModes.get(endpoint) ?? this.mode;
    if (mode === "error500") return send(500, { message: "Internal server error" });
    if (mode === "garbage") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end("<html>502 Bad Gateway</html>{not json");
      return;
    }

    if (req.headers.apiuser !== this.apiUser || req.headers.apikey !== this.apiKey)
      return send(403, { message: "Invalid API credentials" });

    const b = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
    if (req.method === "POST" && (path === "/initiate-pay" || path === "/direct-pay")) {
      const direct = path === "/direct-pay";
      if (!Number.isInteger(b.amount)) return send(400, { message: "amount required" });
      if ((b.amount as number) < 100) return send(400, { message: "amount cannot be less than 100 XAF" });
      for (const key of ["userId", "externalId"] as const) {
        if (b[key] !== undefined && !(typeof b[key] === "string" && /^[a-zA-Z0-9_-]{1,100}$/.test(b[key] as string)))
          return send(400, { message: `invalid ${key}` });
      }
      if (direct) {
        if (typeof b.phone !== "string" || !/^6\d{8}$/.test(b.phone)) return send(400, { message: "invalid phone number" });
        if (b.medium !== undefined && b.medium !== "mobile money" && b.medium !== "orange money")
          return send(400, { message: "invalid medium" });
      }
      this.n += 1;
      const transId = `FK${String(this.n).padStart(7, "0")}`;
      const now = new Date().toISOString();
      this.transactions.set(transId, {
        transId,
        status: direct ? "PENDING" : "CREATED",
        medium: direct ? ((b.medium as string) ?? "mobile money") : null,
        serviceName: "KamerNest",
        transType: direct ? "direct-pay" : "initiate-pay",
        amount: b.amount as number,
        revenue: Math.round((b.amount as number) * 0.97),
        payerName: (b.name as string) ?? null,
        email: (b.email as string) ?? null,
        redirectUrl: (b.redirectUrl as string) ?? null,
        externalId: (b.externalId as string) ?? null,
        userId: (b.userId as string) ?? null,
        webhook: null,
        reason: null,
        financialTransId: null,
        dateInitiated: now,
        dateConfirmed: null,
        phone: (b.phone as string) ?? null,
      });
      if (direct) return send(200, { message: "Request successful", transId, dateInitiated: now });
      if (mode === "no_link") return send(200, { message: "Request successful", transId, dateInitiated: now });
      return send(200, { message: "Request successful", link: `${this.url}/checkout/${transId}`, transId, dateInitiated: now });
    }

    // The disbursement service (money out): POST /payout and GET /balance.
    if (req.method === "GET" && path === "/balance")
      return send(200, { service: "KamerNest payouts", balance: this.balance, currency: "XAF" });
    if (req.method === "POST" && path === "/payout") {
      if (!Number.isInteger(b.amount)) return send(400, { message: "amount required" });
      if ((b.amount as number) < 100) return send(400, { message: "amount cannot be less than 100 XAF" });
      for (const key of ["userId", "externalId"] as const) {
        if (b[key] !== undefined && !(typeof b[key] === "string" && /^[a-zA-Z0-9_-]{1,100}$/.test(b[key] as string)))
          return send(400, { message: `invalid ${key}` });
      }
      if (b.medium !== undefined && b.medium !== "mobile money" && b.medium !== "orange money" && b.medium !== "fapshi")
        return send(400, { message: "invalid medium" });
      if (b.medium !== "fapshi" && (typeof b.phone !== "string" || !/^6\d{8}$/.test(b.phone)))
        return send(400, { message: "invalid phone number" });
      this.n += 1;
      const transId = `FP${String(this.n).padStart(7, "0")}`;
      const now = new Date().toISOString();
      this.transactions.set(transId, {
        transId,
        status: "PENDING",
        medium: (b.medium as string) ?? "mobile money",
        serviceName: "KamerNest payouts",
        transType: "payout",
        amount: b.amount as number,
        revenue: b.amount as number,
        payerName: (b.name as string) ?? null,
        email: (b.email as string) ?? null,
        redirectUrl: null,
        externalId: (b.externalId as string) ?? null,
        userId: (b.userId as string) ?? null,
        webhook: null,
        reason: null,
        financialTransId: null,
        dateInitiated: now,
        dateConfirmed: null,
        phone: (b.phone as string) ?? null,
      });
      return send(200, { message: "Payout request successful", transId, dateInitiated: now });
    }

    if (req.method === "GET" && path.startsWith("/payment-status/")) {
      const transId = decodeURIComponent(path.slice("/payment-status/".length));
      const tx = this.transactions.get(transId);
      if (!tx) return send(404, { message: "Transaction not found" });
      const script = this.scripts.get(transId);
      if (script && script.length > 0) {
        this.setStatus(transId, script.length > 1 ? script.shift()! : script[0]);
      }
      const { phone: _phone, ...visible } = tx;
      return send(200, this.wrapStatusInArray ? [visible] : visible);
    }

    if (req.method === "GET" && path.startsWith("/transaction/")) {
      const userId = decodeURIComponent(path.slice("/transaction/".length));
      const mine = [...this.transactions.values()].filter((t) => t.userId === userId).map(({ phone: _phone, ...visible }) => visible);
      return send(200, mine);
    }

    if (req.method === "POST" && path === "/expire-pay") {
      const tx = typeof b.transId === "string" ? this.transactions.get(b.transId) : undefined;
      if (!tx) return send(404, { message: "Transaction not found" });
      if (tx.transType === "direct-pay") return send(400, { message: "Only initiate-pay links can be expired" });
      if (tx.status === "EXPIRED") return send(400, { message: "Link already expired" });
      if (tx.status === "SUCCESSFUL") return send(400, { message: "Transaction already successful" });
      tx.status = "EXPIRED";
      const { phone: _phone, ...visible } = tx;
      return send(200, visible);
    }

    return send(404, { message: "Not found" });
  }
}

export async function startFakeFapshi(options: FakeFapshiOptions = {}): Promise<FakeFapshiServer> {
  return new FakeFapshiServer(options).start();
}
