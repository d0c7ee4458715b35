// `npx tsx scripts/html-check.ts` (run by `npm test` after the production build): the W3C Nu HTML
// Checker (vnu-jar) over every page type (scripts/lib/page-types.ts), in English and in French,
// signed out and signed in as each role. It starts the built server on a fresh demo database (SQLite,
// its own port and folder), makes what some pages need (a listing reported, a visit booked, a
// payment started and approved), saves each page to test-results/html-check/<language>/, then runs
// the checker once over all of them (one Java start, not one per page).
//
// Errors and warnings fail the check; the checker's "info" notes do not (React writes void elements
// as `<br/>`, which it notes on every page). Installs Debian's Java when it is missing (vnu.jar
// needs Java 11 or later). Exits 1 when a page fails, 2 when the check cannot run.
import { unfilledPlaceholders } from "./lib/unfilled-placeholders";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { languageCookie } from "~/language.server";
import { supportedLanguages, type Language } from "~/i18n";
import { ensureBuild, freePort, root, startInstance, stopChildren } from "./lib/cluster-kit";
import { installDebianPackage } from "./lib/debian-package.mjs";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, PAGE_TYPES, type MadePage, type PagePath, type PageType, type Role } from "./lib/page-types";

const log = (line: string) => console.log(`[html-check] ${line}`);
const OUT_DIR = path.join(root, "test-results/html-check");

/**
 * What the checker says that we do not count, each with why. Keep it short: a message belongs
 * here only when the checker is wrong about our page, never to hide a real fault.
 */
const IGNORED: Array<{ message: RegExp; why: string }> = [];

// ── Java and the checker ────────────────────────────────────────────────────────────────────────

function javaCommand(): string {
  const works = (java: string) => spawnSync(java, ["-version"], { stdio: "ignore" }).status === 0;
  const fromHome = process.env.JAVA_HOME ? path.join(process.env.JAVA_HOME, "bin/java") : null;
  if (fromHome && works(fromHome)) return fromHome;
  if (works("java")) return "java";
  log("Java is missing: installing Debian's default-jre-headless");
  if (!installDebianPackage("default-jre-headless") || !works("java")) {
    log("could not install Java (apt-get install -y default-jre-headless)");
    process.exit(2);
  }
  return "java";
}

/** The path of vnu.jar, as the vnu-jar package exports it. */
function vnuJar(): string {
  return String(createRequire(import.meta.url)("vnu-jar"));
}

interface VnuMessage {
  type: "error" | "info" | "non-document-error";
  subType?: "warning" | "fatal" | "io" | "schema" | "internal";
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  message: string;
  extract?: string;
}

/** One run of the checker over every page in `dir` (a Java start costs seconds; a page, milliseconds). */
function runChecker(java: string, dir: string): VnuMessage[] {
  // A short run: the quick compiler only and the serial collector take half the CPU time of the
  // JVM's defaults (6 s against 15 s for 196 pages, user time on a busy 2-core machine).
  const jvm = ["-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xss4m"];
  const run = spawnSync(java, [...jvm, "-jar", vnuJar(), "--format", "json", "--stdout", "--exit-zero-always", dir], {
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  if (run.status !== 0 || !run.stdout) {
    log(`the checker did not run (exit ${run.status}): ${run.stderr || run.error?.message}`);
    process.exit(2);
  }
  return (JSON.parse(run.stdout) as { messages: VnuMessage[] }).messages;
}

// ── A browser's cookies, for plain fetch ────────────────────────────────────────────────────────

class Visitor {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly base: string) {}

  /** Fetches `target`, following redirects as a browser does (a POST's 302/303 becomes a GET). */
  async open(target: string, language: Language, form?: URLSearchParams): Promise<{ status: number; url: string; html: string }> {
    let url = new URL(target, this.base);
    let init: RequestInit = form ? { method: "POST", body: form } : { method: "GET" };
    for (let hop = 0; hop < 6; hop++) {
      const response = await fetch(url, {
        ...init,
        redirect: "manual",
        headers: { Cookie: await this.cookieHeader(language), Origin: this.base },
      });
      for (const line of response.headers.getSetCookie()) {
        const pair = line.split(";")[0];
        const eq = pair.indexOf("=");
        const [name, value] = [pair.slice(0, eq), pair.slice(eq + 1)];
        if (value === "" || /max-age=0(;|$)/i.test(line)) this.cookies.delete(name);
        else this.cookies.set(name, value);
      }
      const location = response.headers.get("Location");
      if (response.status >= 300 && response.status < 400 && location) {
        await response.arrayBuffer();
        url = new URL(location, url);
        if (response.status !== 307 && response.status !== 308) init = { method: "GET" };
        continue;
      }
      return { status: response.status, url: url.pathname + url.search, html: await response.text() };
    }
    throw new Error(`too many redirects from ${target}`);
  }

  private async cookieHeader(language: Language): Promise<string> {
    // The reader's language is the kn_lang cookie, as the language switcher sets it.
    const lang = (await languageCookie.serialize(language)).split(";")[0];
    return [...[...this.cookies].filter(([name]) => name !== "kn_lang").map(([k, v]) => `${k}=${v}`), lang].join("; ");
  }
}

// ── Reading our pages (our own markup: attributes always double-quoted) ──────────────────────────

const decode = (value: string) =>
  value
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");

/** Every URL the page points to: links' targets and forms' actions, in document order. */
function targets(html: string): string[] {
  return [...html.matchAll(/<(?:a|form)\b[^>]*?\s(?:href|action)="([^"]*)"/g)].map((m) => decode(m[1]));
}

function firstTarget(html: string, pattern: RegExp, on: string): string {
  const found = targets(html).find((t) => pattern.test(t));
  if (!found) throw new Error(`no link or form on ${on} matches ${pattern}`);
  return found;
}

const attribute = (tag: string, name: string) => {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return m ? decode(m[1]) : null;
};

/**
 * The fields a browser would send with the POST form whose action matches `action`: its inputs (and
 * those outside it that name it with `form=`), the checked radio of each group (else the first,
 * as a person would pick one), selects' chosen options and textareas, then `overrides`.
 */
function formFields(
  html: string,
  action: RegExp,
  overrides: Record<string, string>,
  on: string,
): { action: string; fields: URLSearchParams } {
  const forms = [...html.matchAll(/<form\b[^>]*\smethod="post"[^>]*>/g)];
  const open = forms.find((m) => action.test(attribute(m[0], "action") ?? ""));
  if (!open) throw new Error(`no form on ${on} sends to ${action}`);
  const start = open.index + open[0].length;
  const inner = html.slice(start, html.indexOf("</form>", start));
  const formId = attribute(open[0], "id");
  const outside = formId
    ? [...html.matchAll(new RegExp(`<(?:input|select|textarea)\\b[^>]*\\sform="${formId}"[^>]*>`, "g"))].map((m) => m[0])
    : [];
  const fields = new URLSearchParams();
  const radios = new Map<string, string>();
  for (const tag of [...[...inner.matchAll(/<input\b[^>]*>/g)].map((m) => m[0]), ...outside.filter((t) => t.startsWith("<input"))]) {
    const name = attribute(tag, "name");
    if (!name || fields.has(name)) continue;
    const type = attribute(tag, "type") ?? "text";
    const value = attribute(tag, "value") ?? (type === "checkbox" ? "on" : "");
    if (type === "radio") {
      if (/\schecked=""/.test(tag) || !radios.has(name)) radios.set(name, value);
    } else if (type === "checkbox") {
      if (/\schecked=""/.test(tag)) fields.append(name, value);
    } else if (type !== "file" && type !== "submit") fields.set(name, value);
  }
  for (const [name, value] of radios) fields.set(name, value);
  for (const m of inner.matchAll(/<select\b[^>]*>([\s\S]*?)<\/select>/g)) {
    const name = attribute(m[0], "name");
    const options = [...m[1].matchAll(/<option\b[^>]*>/g)].map((o) => o[0]);
    const chosen = options.find((o) => /\sselected=""/.test(o) && attribute(o, "value")) ?? options.find((o) => attribute(o, "value"));
    if (name && chosen) fields.set(name, attribute(chosen, "value") ?? "");
  }
  for (const m of inner.matchAll(/<textarea\b[^>]*>([\s\S]*?)<\/textarea>/g)) {
    const name = attribute(m[0], "name");
    if (name) fields.set(name, decode(m[1]));
  }
  for (const [name, value] of Object.entries(overrides)) fields.set(name, value);
  return { action: attribute(open[0], "action") ?? on, fields };
}

// ── The pages ───────────────────────────────────────────────────────────────────────────────────

type Made = Partial<Record<MadePage, string>>;

async function openPage(visitor: Visitor, page: PagePath, language: Language, made: Made) {
  if (typeof page === "string") return visitor.open(page, language);
  if ("made" in page) {
    const target = made[page.made];
    if (!target) throw new Error(`the setup made no ${page.made} page`);
    return visitor.open(target, language);
  }
  let current = await visitor.open(page.on, language);
  if ("form" in page) {
    const { action, fields } = formFields(current.html, page.form, page.fields, current.url);
    return visitor.open(action, language, fields);
  }
  for (const pattern of Array.isArray(page.link) ? page.link : [page.link]) {
    current = await visitor.open(firstTarget(current.html, pattern, current.url), language);
  }
  return current;
}

/** What some pages need first: a listing reported, a visit awaiting payment, a payment made. */
async function setUp(visitors: Record<Role, Visitor>): Promise<Made> {
  const student = visitors.student;
  const listings = await student.open("/listings", "en");
  const listing = firstTarget(listings.html, /^\/listings\/[0-9a-f-]{36}$/, "/listings");
  // A report, so the admin's queue has one to uphold.
  const report = await student.open(
    listing,
    "en",
    new URLSearchParams({ intent: "report", reason: "wrong_price", details: "The price changed." }),
  );
  if (report.status !== 200) throw new Error(`reporting ${listing} answered ${report.status}`);
  // A visit booked without a subscription: /payment then leads to its payment.
  const bookVisit = listing.replace("/listings/", "/book-visit/");
  let booking: ReturnType<typeof formFields> | undefined;
  // The first day with visiting times (tomorrow may be a Sunday).
  for (let day = 1; day <= 10 && !booking?.fields.get("visitTime"); day++) {
    const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
    const form = await student.open(`${bookVisit}?date=${date}`, "en");
    booking = formFields(form.html, /^\/book-visit\//, {}, form.url);
  }
  if (!booking?.fields.get("visitTime")) throw new Error(`no visiting times on ${bookVisit} in the next ten days`);
  const booked = await student.open(booking.action, "en", booking.fields);
  if (!booked.url.startsWith("/payment/")) throw new Error(`booking a visit led to ${booked.url} (${booked.status})`);
  // Booking access bought on the simulated checkout, then approved there.
  const checkout = await student.open("/subscription-payment", "en", new URLSearchParams({ method: "mtn_momo", phone: "670112233" }));
  if (!checkout.url.startsWith("/simulated-checkout/")) throw new Error(`starting a payment led to ${checkout.url} (${checkout.status})`);
  const result = await student.open(checkout.url, "en", new URLSearchParams({ intent: "approve" }));
  if (!result.url.startsWith("/payment-success")) throw new Error(`approving the payment led to ${result.url} (${result.status})`);
  return { checkout: checkout.url, paymentResult: result.url };
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

async function main() {
  const java = javaCommand();
  ensureBuild(log);
  const port = Number(process.env.HTML_CHECK_PORT ?? 0) || (await freePort());
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "kamernest-html-check-"));
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  try {
    await startInstance({
      name: "html-check",
      port,
      databaseUrl: path.join(work, "kamernest.db"),
      appUrl: base,
      storageDir: path.join(work, "uploads"),
    });
    log(`server up on :${port} (${((Date.now() - started) / 1000).toFixed(1)} s)`);

    const visitors = Object.fromEntries(
      (["visitor", ...Object.keys(DEMO_ACCOUNTS)] as Role[]).map((role) => [role, new Visitor(base)]),
    ) as Record<Role, Visitor>;
    for (const [role, email] of Object.entries(DEMO_ACCOUNTS) as Array<[Exclude<Role, "visitor">, string]>) {
      const signedIn = await visitors[role].open(
        "/auth/login",
        "en",
        new URLSearchParams({ intent: "password", email, password: DEMO_PASSWORD, redirectTo: "/" }),
      );
      if (signedIn.url.startsWith("/auth/")) throw new Error(`could not sign in as ${email}: ${signedIn.status} at ${signedIn.url}`);
    }
    const made = await setUp(visitors);

    fs.rmSync(OUT_DIR, { recursive: true, force: true });
    const saved = new Map<string, { page: PageType; language: Language }>();
    const failures = new Map<string, string[]>();
    const fail = (key: string, line: string) => failures.set(key, [...(failures.get(key) ?? []), line]);
    for (const language of supportedLanguages) {
      fs.mkdirSync(path.join(OUT_DIR, language), { recursive: true });
      for (const page of PAGE_TYPES) {
        const key = `${page.name} (${language})`;
        try {
          const { status, url, html } = await openPage(visitors[page.as], page.path, language, made);
          if (status !== (page.status ?? 200)) fail(key, `answered ${status} at ${url}, not ${page.status ?? 200}`);
          if (page.as !== "visitor" && url.startsWith("/auth/login")) fail(key, `was sent to ${url}: not signed in`);
          if (!new RegExp(`<html lang="${language}"`).test(html)) fail(key, `is not in ${language}`);
          for (const placeholder of unfilledPlaceholders(html)) fail(key, `shows ${placeholder}: a message whose value was not given`);
          const file = path.join(OUT_DIR, language, `${slug(page.name)}.html`);
          if (saved.has(path.resolve(file))) throw new Error(`two page types are saved as ${file}: rename one`);
          fs.writeFileSync(file, html);
          saved.set(path.resolve(file), { page, language });
        } catch (error) {
          fail(key, `could not be opened: ${(error as Error).message}`);
        }
      }
    }
    log(`${saved.size} pages saved in ${path.relative(root, OUT_DIR)} (${((Date.now() - started) / 1000).toFixed(1)} s); checking them`);

    const checkerStarted = Date.now();
    const messages = runChecker(java, OUT_DIR);
    log(`the checker read them in ${((Date.now() - checkerStarted) / 1000).toFixed(1)} s`);
    // Every page gets the checker's notes at least (React writes `<meta charSet="utf-8"/>`): a page
    // it said nothing about was not read, and does not pass for valid.
    const read = new Set(messages.map((m) => (m.url ? decodeURIComponent(new URL(m.url).pathname) : "")));
    for (const [file, { page, language }] of saved)
      if (!read.has(file)) fail(`${page.name} (${language})`, "the checker said nothing about it: was it read?");
    const counted = messages.filter((m) => m.type !== "info" || m.subType === "warning");
    for (const m of counted) {
      const file = m.url ? decodeURIComponent(new URL(m.url).pathname) : "";
      const source = saved.get(file);
      const key = source ? `${source.page.name} (${source.language})` : file || "the checker";
      if (IGNORED.some((i) => i.message.test(m.message))) continue;
      const where = m.lastLine ? `${m.lastLine}:${m.firstColumn ?? 0} ` : "";
      const extract = m.extract ? ` [${m.extract.replace(/\s+/g, " ").trim().slice(0, 160)}]` : "";
      fail(key, `${where}${m.subType === "warning" ? "warning" : m.type}: ${m.message}${extract}`);
    }

    const total = PAGE_TYPES.length * supportedLanguages.length;
    for (const [key, lines] of failures) {
      log(`✗ ${key}`);
      for (const line of lines.slice(0, 12)) log(`    ${line}`);
      if (lines.length > 12) log(`    … and ${lines.length - 12} more`);
    }
    const passed = total - failures.size;
    log(
      `${passed} of ${total} pages valid (${PAGE_TYPES.length} page types × ${supportedLanguages.length} languages) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    if (process.env.HTML_CHECK_RESULTS) fs.writeFileSync(process.env.HTML_CHECK_RESULTS, JSON.stringify({ passed, failed: failures.size }));
    return failures.size === 0 ? 0 : 1;
  } finally {
    stopChildren();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    log(`could not run: ${error.stack ?? error.message}`);
    stopChildren();
    process.exit(2);
  },
);
