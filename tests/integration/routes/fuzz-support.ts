// Shared by the *-fuzz route tests (not a test file): the garbage a form field may carry, the
// "mostly valid" mix that lets a run reach a use case's success as well as its refusals, bodies
// that are not forms at all, and a call that turns a thrown error into the 500 the server would send.
import fc from "fast-check";
import { expect } from "vitest";
import {
  TEST_APP_URL,
  type CallOptions,
  type FormFields,
  type RouteHarness,
  type RouteModule,
  type RouteResult,
} from "../../support/route-harness";

/** Runs per fuzzed action: modest by default (the machine is shared), more with FUZZ_RUNS. */
export const RUNS = Number(process.env.FUZZ_RUNS ?? 40);

/** Text an attacker or a broken client may send in one field. */
export const weird: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.fullUnicodeString({ maxLength: 40 }),
  fc.string({ minLength: 1000, maxLength: 6000 }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "a\u0000b",
    "\u202e\u200b",
    "😀".repeat(60),
    "null",
    "undefined",
    "NaN",
    "-1",
    "0",
    "6",
    "1e309",
    "9".repeat(400),
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "1; DROP TABLE profiles; --",
    "//evil.example",
    "https://evil.example/",
    "/\\evil.example",
    "%00",
    "__proto__",
    "constructor",
  ),
);

const file = fc
  .uint8Array({ maxLength: 64 })
  .map((bytes) => new File([new Uint8Array(bytes)], "x.bin", { type: "application/octet-stream" }));

/** What one form field may carry: nothing, a value, several values, a file. */
export const anyField: fc.Arbitrary<string | string[] | File | undefined> = fc.option(
  fc.oneof(
    { weight: 6, arbitrary: weird },
    { weight: 1, arbitrary: fc.array(weird, { minLength: 2, maxLength: 3 }) },
    { weight: 1, arbitrary: file },
  ),
  { nil: undefined },
);

/** Four times in five a valid value, else garbage: most runs pass the form check and reach the use case. */
export const maybe = <T extends string | string[] | undefined>(valid: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 4, arbitrary: valid as fc.Arbitrary<string | string[] | File | undefined> }, { weight: 1, arbitrary: anyField });

/**
 * A record of fields. Every key is drawn, and a field is missing when its arbitrary gives undefined
 * (anyField does now and then): with keys dropped at random half the time, a form with its three
 * required fields all present was a 1-in-8 event and the success path was rarely reached.
 */
export const form = (fields: Record<string, fc.Arbitrary<string | string[] | File | undefined>>) =>
  fc.record(fields) as fc.Arbitrary<FormFields>;

/** Bodies that are not the form the action expects: wrong or missing Content-Type, broken multipart, JSON. */
export const rawBody = fc.record({
  contentType: fc.constantFrom(
    "application/x-www-form-urlencoded",
    "multipart/form-data",
    "multipart/form-data; boundary=zzz",
    "application/json",
    "text/plain",
    "application/xml",
    "",
  ),
  body: fc.oneof(
    fc.string({ maxLength: 200 }),
    fc.fullUnicodeString({ maxLength: 200 }),
    fc.constantFrom(
      '--zzz\r\nContent-Disposition: form-data; name="intent"\r\n\r\n',
      "%%%&&&===",
      "a=%ZZ&b",
      '{"intent":"add"}',
      "[]",
      "null",
    ),
  ),
});

/**
 * Calls an action the way the server would: a thrown Response or data() is its status; any other
 * thrown error is what Remix answers with a 500, reported here as status 500 with the error kept.
 */
export async function safeCall(run: () => Promise<RouteResult>): Promise<RouteResult & { error?: unknown }> {
  try {
    return await run();
  } catch (error) {
    return { status: 500, location: null, headers: new Headers(), data: null, thrown: true, error };
  }
}

export function postForm(
  h: RouteHarness,
  route: RouteModule,
  url: string,
  fields: FormFields,
  options: CallOptions & { multipart?: boolean } = {},
) {
  return safeCall(() => h.post(route, url, fields, options));
}

export function postRaw(
  h: RouteHarness,
  route: RouteModule,
  url: string,
  raw: { contentType: string; body: string },
  options: CallOptions = {},
) {
  const headers = new Headers(options.headers);
  const cookie = options.jar?.header();
  if (cookie) headers.set("Cookie", cookie);
  if (raw.contentType) headers.set("content-type", raw.contentType);
  const request = new Request(new URL(url, TEST_APP_URL), { method: "POST", headers, body: raw.body });
  return safeCall(() => h.call("action", route, request, options));
}

/** Never a 500, and only the statuses this action is meant to answer. */
export function expectStatus(result: RouteResult & { error?: unknown }, allowed: readonly number[], what: string) {
  if (result.status >= 500) throw new Error(`${what}: ${result.status}`, { cause: result.error });
  expect(allowed, `${what}: status ${result.status}`).toContain(result.status);
}

/**
 * A redirect never leaves the site, read the way a browser reads Location: the URL parser drops
 * tabs and newlines, so "/\t/evil.example" is "//evil.example", another site.
 */
export function expectLocalRedirect(result: RouteResult) {
  if (result.status < 300 || result.status >= 400 || !result.location) return;
  expect(result.location).toMatch(/^\/(?![/\\])/);
  expect(new URL(result.location, TEST_APP_URL).origin, `redirect to ${JSON.stringify(result.location)}`).toBe(
    new URL(TEST_APP_URL).origin,
  );
}

// eslint-disable-next-line no-control-regex
export const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
