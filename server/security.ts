import { randomUUID } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import type { Config } from "#infrastructure/config/config";

const originOf = (url: string | undefined) => {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * 122 random bits from the CSPRNG, as 32 hex characters. randomUUID draws from a buffer Node keeps
 * filled, where randomBytes(16) asked the system each time (5 % of a cached page's CPU).
 */
export const freshNonce = (): string => randomUUID().replace(/-/g, "");

/**
 * A fresh nonce per request and the security headers. The Content-Security-Policy is enforced:
 * scripts run only with the nonce (and what they load, through 'strict-dynamic'), except on a
 * static page, whose policy (res.locals.staticPagePolicy, put in place by server/http-app.ts)
 * has no nonce, so the page is the same bytes for every visitor.
 */
export function securityHeaders(config: Config, { dev }: { dev: boolean }) {
  const chatOrigin = originOf(config.chatWidgetSrc);
  // The map picker's tiles are images from their provider (decision 0205).
  const tilesOrigin = config.mapTiles ? originOf(config.mapTiles.url.replace(/[{}]/g, "")) : null;
  const providerOrigin = config.payments.provider === "fapshi" ? originOf(config.payments.fapshi.baseUrl) : null;
  // "Continue with Google" is a POST answered by a redirect to Google's consent page.
  const googleOrigin = config.google ? originOf(config.google.authorizationUrl ?? "https://accounts.google.com") : null;
  const extra = (origin: string | null) => (origin ? ` ${origin}` : "");
  /** The policy, given what may run: the nonce's scripts (and what they load), or only our files. */
  const policy = (scripts: string) =>
    [
      "default-src 'self'",
      `script-src ${scripts}${extra(chatOrigin)}${dev ? " 'unsafe-eval'" : ""}`,
      // Chat widgets inject their own styles; our own CSS is a file.
      `style-src 'self'${chatOrigin || dev ? " 'unsafe-inline'" : ""}${extra(chatOrigin)}`,
      `img-src 'self' data: blob:${extra(chatOrigin)}${extra(tilesOrigin)}`,
      "font-src 'self'",
      `connect-src 'self'${extra(chatOrigin)}${dev ? " ws: wss:" : ""}`,
      // The offline-reading service worker, /sw.js (decision 0239): script-src's 'strict-dynamic'
      // would not cover it.
      "worker-src 'self'",
      `frame-src 'self'${extra(chatOrigin)}`,
      // A payment form posts here and is redirected to the provider's checkout page; a guest-house
      // booking form is redirected (through /guest-house-attempt/{id}/whatsapp) to WhatsApp.
      `form-action 'self' https://wa.me${extra(providerOrigin)}${extra(googleOrigin)}`,
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "object-src 'none'",
    ].join("; ");
  // A static page (no inline script, no framework: app/entry.server.tsx) runs only script files
  // from this origin. Uploaded files cannot be one: photos are re-encoded images served with
  // nosniff, documents are never served from the site (docs/decisions/0132).
  const staticPolicy = policy("'self'");
  // The nonce'd policy, written once around the place its nonce goes.
  const [beforeNonce, afterNonce] = policy("'self' 'nonce-\u0000' 'strict-dynamic'").split("\u0000");
  return (req: Request, res: Response, next: NextFunction) => {
    const nonce = freshNonce();
    res.locals.cspNonce = nonce;
    res.locals.staticPagePolicy = staticPolicy;
    res.setHeader("Content-Security-Policy", beforeNonce + nonce + afterNonce);
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(self), payment=()");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    if (config.isProduction && config.appUrl.startsWith("https://")) {
      res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    }
    next();
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses a state-changing request sent from another site (403). Browsers tell us with
 * Sec-Fetch-Site and Origin. Server-to-server webhooks carry neither and have their own secret.
 */
export function rejectCrossOriginPosts(config: Config) {
  const appOrigin = originOf(config.appUrl);
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method) || req.path.startsWith("/webhooks/")) return next();
    const fetchSite = req.get("Sec-Fetch-Site");
    const origin = req.get("Origin");
    const ownOrigin = `${req.protocol}://${req.get("Host")}`;
    const crossSite = fetchSite !== undefined && fetchSite !== "same-origin" && fetchSite !== "none";
    const foreignOrigin = origin !== undefined && origin !== "null" && origin !== ownOrigin && origin !== appOrigin;
    if (crossSite || foreignOrigin || origin === "null") {
      res
        .status(403)
        .type("html")
        .send(
          `<!doctype html><html lang="en"><meta charset="utf-8"><title>403</title>` +
            `<h1>Request refused</h1><p>This form was sent from another site and was refused.</p>` +
            `<p lang="fr">Ce formulaire a été envoyé depuis un autre site et a été refusé.</p><p><a href="/">KamerNest</a></p></html>`,
        );
      return;
    }
    next();
  };
}
