import type { Services } from "./services.server";

declare module "@remix-run/node" {
  interface AppLoadContext {
    services: Services;
    /** The per-request Content-Security-Policy nonce for inline and module scripts. */
    cspNonce: string;
    /** The client's address as Express sees it (honours TRUST_PROXY), for per-IP rate limits. */
    clientIp?: string;
    /** This request's id (X-Request-Id; decision 0137): the reference shown on error pages. */
    requestId?: string;
  }
}

export {};
