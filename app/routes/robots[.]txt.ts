// /robots.txt: everything public may be crawled; personal, portal and payment pages may not.
import type { LoaderFunctionArgs } from "@remix-run/node";

const PRIVATE_PATHS = [
  "/admin",
  "/auth/",
  "/profile",
  "/book-visit/",
  "/payment",
  "/payment-success",
  "/subscription-payment",
  "/guest-house-booking/",
  "/guest-house-payment",
  "/confirm-viewing",
  "/test-payment",
  "/test-booking",
  "/resources/",
  "/agents/properties",
  "/agents/bookings",
  "/agents/messages",
  "/agents/profile",
  "/agents/reports",
  "/agents/new-property",
  "/agents/unauthorized",
];

export async function loader({ context }: LoaderFunctionArgs) {
  const appUrl = context.services.publicConfig.appUrl;
  const body = ["User-agent: *", "Allow: /", ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`), "", `Sitemap: ${appUrl}/sitemap.xml`, ""].join(
    "\n",
  );
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" } });
}
