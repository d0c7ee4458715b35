// The virtual users of `npm run bench:load`: each one loops until the time is up, choosing what
// to do as visitors do (browsing 80 %, searching 15 %, signing in, booking a visit and paying
// through the simulated provider 5 %). The booking flow sends what a browser without JavaScript
// sends: the sign-in form, the booking form (after "Show times"), the mobile-money form and the
// simulated checkout's Approve button, with the session cookie and a same-origin Origin header.
// Every request is timed to its last byte; what the clients saw succeed is kept for the check
// against the database afterwards.
import { gunzipSync, brotliDecompressSync } from "node:zlib";
import { Agent, request } from "undici";
import { cookieHeader, cookiesFromSetCookie } from "../scripts/lib/cluster-kit";
import { listingSearchToParams, parseListingSearch, LISTING_SORTS, AMENITY_PARAMS } from "#domain/listings/listing-search";
import { NEIGHBOURHOODS, PROPERTY_TYPES } from "#domain/listings/buea";

export const KINDS = [
  "browse",
  "search",
  "sign-in form",
  "sign-in",
  "booking form",
  "book",
  "payment page",
  "pay",
  "checkout page",
  "approve",
  "payment result",
] as const;
export type Kind = (typeof KINDS)[number];

export interface Slot {
  propertyId: string;
  date: string;
  time: string;
}
export interface Student {
  id: string;
  email: string;
  password: string;
  name: string;
}

/** What the clients saw: a booking made (its reference) and, when the flow got that far, its payment confirmed. */
export interface SeenBooking {
  bookingReference: string;
  studentId: string;
  slot: Slot;
  paymentReference: string | null;
}

export interface FlowProblem {
  step: Kind;
  status: number;
  detail: string;
}

export interface ScenarioInput {
  base: string;
  connections: number;
  durationS: number;
  propertyIds: string[];
  /** Visit slots no booking holds, each handed to one flow only. */
  slots: Slot[];
  students: Student[];
}

export interface ScenarioResult {
  elapsedS: number;
  latencies: Record<Kind, number[]>;
  statuses: Record<Kind, Record<number, number>>;
  /** Answers the visitors' page cache served from memory (its X-Page-Cache header: hit or stale). */
  cacheHits: Record<Kind, number>;
  /** Of those, expired copies served while one request rendered the page again (X-Page-Cache: stale). */
  staleHits: Record<Kind, number>;
  serverErrors: Array<{ kind: Kind; method: string; path: string; status: number; body: string }>;
  networkErrors: Array<{ kind: Kind; method: string; path: string; error: string }>;
  /** The 10 slowest answers, slowest first, with whether the page cache served them. */
  slowest: Array<{ kind: Kind; method: string; path: string; status: number; ms: number; cache: string }>;
  flows: { started: number; booked: number; paid: number; slotTaken: number; notOffered: number; noStudentOrSlot: number };
  problems: FlowProblem[];
  seen: SeenBooking[];
}

const BROWSE: Array<[weight: number, path: (ids: string[]) => string]> = [
  [15, () => "/"],
  [25, () => "/listings"],
  [45, (ids) => `/listings/${pick(ids)}`],
  [10, () => "/guest-houses"],
  [5, () => "/blog"],
];
const BROWSE_TOTAL = BROWSE.reduce((sum, [w]) => sum + w, 0);

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)];
const chance = (p: number) => Math.random() < p;

/** A search as the filter form builds it, in the canonical order /listings would redirect to. */
function searchPath(): string {
  const params = new URLSearchParams();
  if (chance(0.5)) params.append("n", pick(NEIGHBOURHOODS));
  if (chance(0.4)) params.set("max", String(pick([25_000, 40_000, 60_000, 100_000])));
  if (chance(0.4)) for (const type of new Set([pick(PROPERTY_TYPES), pick(PROPERTY_TYPES)])) params.append("type", type);
  if (chance(0.3)) params.set(pick(Object.values(AMENITY_PARAMS)), "1");
  if (chance(0.2)) params.set("near", String(pick([500, 1000, 2000])));
  if (chance(0.2)) params.set("available", "1");
  if (chance(0.3)) params.set("sort", pick(LISTING_SORTS));
  if (chance(0.1)) params.set("q", pick(["balcony", "wardrobe", "quiet", "tiled"]));
  if (chance(0.15)) params.set("page", String(pick([2, 3])));
  const query = listingSearchToParams(parseListingSearch(params)).toString();
  return query ? `/listings?${query}` : "/listings";
}

function decode(body: Buffer, encoding: string | string[] | undefined): string {
  if (encoding === "gzip") return gunzipSync(body).toString("utf8");
  if (encoding === "br") return brotliDecompressSync(body).toString("utf8");
  return body.toString("utf8");
}

const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/** The free times of the booking form's select (the disabled options are taken). */
function freeTimes(html: string): string[] {
  const select = /<select[^>]*name="visitTime"[^>]*>([\s\S]*?)<\/select>/.exec(html)?.[1] ?? "";
  return [...select.matchAll(/<option([^>]*)value="([^"]+)"([^>]*)>/g)].filter((m) => !/disabled/.test(m[1] + m[3])).map((m) => m[2]);
}

/** The action of the form that holds field `field` (Remix renders it on <form>). */
function formAction(html: string, field: string): string | null {
  for (const form of html.matchAll(/<form([^>]*)>([\s\S]*?)<\/form>/g)) {
    if (!form[2].includes(`name="${field}"`)) continue;
    return (/action="([^"]*)"/.exec(form[1])?.[1] ?? "").replaceAll("&amp;", "&");
  }
  return null;
}

export async function runScenario(input: ScenarioInput): Promise<ScenarioResult> {
  const agent = new Agent({ connections: input.connections, pipelining: 1, keepAliveTimeout: 30_000 });
  const result: ScenarioResult = {
    elapsedS: 0,
    latencies: Object.fromEntries(KINDS.map((k) => [k, []])) as unknown as Record<Kind, number[]>,
    statuses: Object.fromEntries(KINDS.map((k) => [k, {}])) as Record<Kind, Record<number, number>>,
    cacheHits: Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>,
    staleHits: Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>,
    serverErrors: [],
    networkErrors: [],
    slowest: [],
    flows: { started: 0, booked: 0, paid: 0, slotTaken: 0, notOffered: 0, noStudentOrSlot: 0 },
    problems: [],
    seen: [],
  };
  const origin = new URL(input.base).origin;
  const slots = [...input.slots];
  const students = [...input.students];

  interface Answer {
    status: number;
    location: string | null;
    text: string;
    setCookie: string | string[] | undefined;
  }

  async function send(
    kind: Kind,
    method: "GET" | "POST",
    path: string,
    jar?: Map<string, string>,
    form?: Record<string, string>,
  ): Promise<Answer | null> {
    const headers: Record<string, string> = { "accept-encoding": "gzip, br", "accept-language": "en", accept: "text/html" };
    if (jar?.size) headers.cookie = cookieHeader(jar);
    if (form) Object.assign(headers, { "content-type": "application/x-www-form-urlencoded", origin, "sec-fetch-site": "same-origin" });
    const started = performance.now();
    try {
      const response = await request(origin + path, {
        method,
        headers,
        body: form ? new URLSearchParams(form).toString() : undefined,
        dispatcher: agent,
        headersTimeout: 60_000,
        bodyTimeout: 60_000,
      });
      const body = Buffer.from(await response.body.arrayBuffer());
      const ms = performance.now() - started;
      result.latencies[kind].push(ms);
      result.statuses[kind][response.statusCode] = (result.statuses[kind][response.statusCode] ?? 0) + 1;
      const fromCache = response.headers["x-page-cache"];
      if (fromCache === "hit" || fromCache === "stale") result.cacheHits[kind]++;
      if (fromCache === "stale") result.staleHits[kind]++;
      if (result.slowest.length < 10 || ms > result.slowest[result.slowest.length - 1].ms) {
        result.slowest.push({
          kind,
          method,
          path,
          status: response.statusCode,
          ms,
          cache: typeof fromCache === "string" ? fromCache : "rendered",
        });
        result.slowest.sort((a, b) => b.ms - a.ms);
        result.slowest.length = Math.min(result.slowest.length, 10);
      }
      const text = decode(body, response.headers["content-encoding"]);
      if (response.statusCode >= 500)
        result.serverErrors.push({ kind, method, path, status: response.statusCode, body: textOf(text).slice(0, 200) });
      const setCookie = response.headers["set-cookie"];
      if (jar) cookiesFromSetCookie(setCookie, jar);
      const location = response.headers.location;
      return { status: response.statusCode, location: typeof location === "string" ? location.replace(origin, "") : null, text, setCookie };
    } catch (error) {
      result.networkErrors.push({ kind, method, path, error: (error as Error).message });
      return null;
    }
  }

  function problem(step: Kind, answer: Answer | null, detail: string) {
    result.problems.push({
      step,
      status: answer?.status ?? 0,
      detail: `${detail}${answer ? `: ${textOf(answer.text).slice(0, 160)}` : " (no answer)"}`,
    });
  }

  async function bookAndPay() {
    const slot = slots.shift();
    const student = students.shift();
    if (!slot || !student) {
      // Out of fresh students or free slots: this visitor browses instead (reported).
      result.flows.noStudentOrSlot++;
      await send("browse", "GET", "/listings");
      return;
    }
    result.flows.started++;
    const jar = new Map<string, string>();
    const loginForm = await send("sign-in form", "GET", "/auth/login", jar);
    if (loginForm?.status !== 200) return problem("sign-in form", loginForm, "the sign-in page did not answer 200");
    const login = await send("sign-in", "POST", "/auth/login", jar, {
      intent: "password",
      email: student.email,
      password: student.password,
    });
    if (login?.status !== 302 || !jar.get("kn_session")) return problem("sign-in", login, "signing in did not redirect with a session");

    // "Show times" for the chosen day, as the date picker's GET form does.
    const formPage = await send("booking form", "GET", `/book-visit/${encodeURIComponent(slot.propertyId)}?date=${slot.date}`, jar);
    if (formPage?.status !== 200) return problem("booking form", formPage, "the booking form did not answer 200");
    if (!freeTimes(formPage.text).includes(slot.time)) {
      result.flows.notOffered++;
      return problem("booking form", formPage, `${slot.time} on ${slot.date} is not offered for ${slot.propertyId}`);
    }
    const bookAction = formAction(formPage.text, "visitTime");
    if (!bookAction) return problem("booking form", formPage, "no booking form in the page");
    const book = await send("book", "POST", bookAction, jar, {
      visitDate: slot.date,
      visitTime: slot.time,
      visitorName: student.name,
      visitorEmail: student.email,
      visitorPhone: "677 12 34 56",
      message: "",
    });
    if (book?.status === 409) {
      result.flows.slotTaken++;
      return;
    }
    const reference = book?.status === 302 ? /^\/payment\/([^/?]+)$/.exec(book.location ?? "")?.[1] : undefined;
    if (!book || !reference) return problem("book", book, `booking did not redirect to /payment/{reference} (location ${book?.location})`);
    const seen: SeenBooking = { bookingReference: decodeURIComponent(reference), studentId: student.id, slot, paymentReference: null };
    result.seen.push(seen);
    result.flows.booked++;

    const paymentPage = await send("payment page", "GET", `/payment/${reference}`, jar);
    if (paymentPage?.status !== 200) return problem("payment page", paymentPage, "the payment page did not answer 200");
    const payAction = formAction(paymentPage.text, "phone");
    if (!payAction) return problem("payment page", paymentPage, "no mobile-money form in the page");
    const pay = await send("pay", "POST", payAction, jar, { method: "mtn_momo", phone: "677123456" });
    const transId =
      pay?.status === 302 || pay?.status === 303 ? /^\/simulated-checkout\/([A-Z0-9]+)$/.exec(pay.location ?? "")?.[1] : undefined;
    if (!pay || !transId) return problem("pay", pay, `paying did not redirect to the simulated checkout (location ${pay?.location})`);

    const checkout = await send("checkout page", "GET", `/simulated-checkout/${transId}`, jar);
    if (checkout?.status !== 200) return problem("checkout page", checkout, "the checkout page did not answer 200");
    const approveAction = formAction(checkout.text, "intent") ?? `/simulated-checkout/${transId}`;
    // No `processed` field: a browser without JavaScript lets the server wait (the provider's 2 s).
    const approve = await send("approve", "POST", approveAction, jar, { intent: "approve" });
    const paymentReference = approve?.status === 303 ? /^\/payment-success\?ref=([^&]+)$/.exec(approve.location ?? "")?.[1] : undefined;
    if (!approve || !paymentReference)
      return problem("approve", approve, `approving did not return to /payment-success (location ${approve?.location})`);
    const outcome = await send("payment result", "GET", approve.location!, jar);
    if (outcome?.status !== 200 || !outcome.text.includes("Payment successful"))
      return problem("payment result", outcome, "the result page does not say 'Payment successful'");
    seen.paymentReference = decodeURIComponent(paymentReference);
    result.flows.paid++;
  }

  async function virtualUser(deadline: number) {
    while (performance.now() < deadline) {
      const roll = Math.random();
      if (roll < 0.8) {
        let w = Math.random() * BROWSE_TOTAL;
        const entry = BROWSE.find(([weight]) => (w -= weight) < 0) ?? BROWSE[0];
        await send("browse", "GET", entry[1](input.propertyIds));
      } else if (roll < 0.95) {
        await send("search", "GET", searchPath());
      } else {
        await bookAndPay();
      }
    }
  }

  const started = performance.now();
  const deadline = started + input.durationS * 1000;
  await Promise.all(Array.from({ length: input.connections }, () => virtualUser(deadline)));
  result.elapsedS = (performance.now() - started) / 1000;
  await agent.close();
  return result;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
