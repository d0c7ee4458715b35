import { beforeEach, describe, expect, it } from "vitest";
import { describeSearch, formatFcfa } from "#domain/alerts/alert-digest";
import { InMemoryNewListingFinder, type FinderListing } from "#domain/alerts/in-memory-new-listing-finder";
import { InMemorySavedSearchRepository } from "#domain/alerts/in-memory-saved-search-repository";
import { saveSearch } from "#domain/alerts/save-search.use-case";
import { sendSavedSearchAlerts } from "#domain/alerts/send-saved-search-alerts.use-case";
import { FixedClock, HOUR_MS, MINUTE_MS } from "#domain/shared/clock";
import { SequentialIds } from "#domain/shared/ids";
import { InMemoryMailer } from "#domain/shared/mailer.port";

describe("saved-search alerts", () => {
  let savedSearches: InMemorySavedSearchRepository;
  let finder: InMemoryNewListingFinder;
  let mailer: InMemoryMailer;
  let clock: FixedClock;
  const appUrl = "https://kamernest.test/";
  const deps = () => ({ savedSearches, finder, mailer, appUrl });
  const save = (userId: string, queryString: string) =>
    saveSearch({ savedSearches, clock, ids: new SequentialIds(userId) }, { userId, queryString });
  const listing = (id: string, over: Partial<FinderListing> = {}): FinderListing => ({
    id,
    title: `Room ${id}`,
    monthlyRent: 25_000,
    neighbourhood: "Molyko",
    propertyType: "room",
    createdAt: clock.now(),
    ...over,
  });

  beforeEach(() => {
    savedSearches = new InMemorySavedSearchRepository();
    finder = new InMemoryNewListingFinder();
    mailer = new InMemoryMailer();
    clock = new FixedClock(new Date("2026-11-20T09:00:00Z"));
    savedSearches.putUser("u1", "ngozi@example.cm", "Ngozi Tabi");
    savedSearches.putUser("u2", "paul@example.cm", "Paul Mbah");
  });

  it("writes a French reader's digest in French, with no English left", async () => {
    savedSearches.putUser("u3", "awa@example.cm", "Awa Nkeng", "fr");
    await save("u3", "n=Molyko&min=20000&max=30000");
    clock.advance(HOUR_MS);
    finder.put(listing("p1", { title: "Chambre moderne", monthlyRent: 28_000 }));
    finder.put(listing("p2", { title: "Studio meublé", monthlyRent: 29_000 }));
    clock.advance(MINUTE_MS);

    await sendSavedSearchAlerts(deps(), clock.now());
    const mail = mailer.lastTo("awa@example.cm");
    expect(mail?.subject).toBe("2 nouvelles annonces correspondent à vos recherches enregistrées");
    expect(mail?.text).toContain("Bonjour Awa,");
    expect(mail?.text).toContain(
      "\nMolyko · à partir de 20 000 FCFA · jusqu'à 30 000 FCFA\nTous les résultats\u00a0: https://kamernest.test/listings?",
    );
    expect(mail?.text).toContain("- Chambre moderne · Molyko · 28 000 FCFA par mois\u00a0: https://kamernest.test/listings/p1");
    for (const english of [/\bHello\b/, /\byour\b/i, /\bnew\b/, /\bmatch/, /\ba month\b/, /\bManage\b/, /\bAll results\b/, /\bup to\b/]) {
      expect(`${mail?.subject}\n${mail?.text}`).not.toMatch(english);
    }
  });

  it("mails one digest per user with links to the new matching listings, then moves last_notified_at", async () => {
    finder.put(listing("old")); // created before the search was saved
    clock.advance(MINUTE_MS);
    await save("u1", "n=Molyko&max=30000");
    await save("u1", "type=studio");
    clock.advance(HOUR_MS);
    finder.put(listing("p1", { title: "Self-contained room", monthlyRent: 28_000 }));
    finder.put(listing("p2", { monthlyRent: 45_000 }));
    finder.put(listing("p3", { propertyType: "studio", neighbourhood: "Bomaka", monthlyRent: 40_000 }));
    finder.put(listing("p4", { neighbourhood: "Muea" }));
    clock.advance(MINUTE_MS);

    const summary = await sendSavedSearchAlerts(deps(), clock.now());
    expect(summary).toEqual({ searchesChecked: 2, emailsSent: 1, listingsSent: 2, failures: [] });
    const mail = mailer.lastTo("ngozi@example.cm");
    expect(mail?.subject).toBe("2 new listings match your saved searches");
    expect(mail?.text).toContain("Hello Ngozi,");
    expect(mail?.text).toContain("- Self-contained room · Molyko · 28 000 FCFA a month: https://kamernest.test/listings/p1");
    expect(mail?.text).toContain("https://kamernest.test/listings/p3");
    expect(mail?.text).toContain("\nMolyko · up to 30 000 FCFA\nAll results: https://kamernest.test/listings?n=Molyko&max=30000\n");
    for (const id of ["old", "p2", "p4"]) expect(mail?.text).not.toContain(`/listings/${id}`);
    expect((await savedSearches.listFor("u1")).every((s) => s.lastNotifiedAt.getTime() === clock.now().getTime())).toBe(true);
  });

  it("does not announce the same listing twice, across runs or across searches", async () => {
    await save("u1", "n=Molyko");
    await save("u1", "max=30000");
    clock.advance(MINUTE_MS);
    finder.put(listing("p1"));
    clock.advance(MINUTE_MS);
    await sendSavedSearchAlerts(deps(), clock.now());
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0].text.match(/\/listings\/p1/g)).toHaveLength(1);
    expect(mailer.sent[0].subject).toBe("A new listing matches your saved search");

    clock.advance(HOUR_MS);
    expect(await sendSavedSearchAlerts(deps(), clock.now())).toEqual({ searchesChecked: 2, emailsSent: 0, listingsSent: 0, failures: [] });
    expect(mailer.sent).toHaveLength(1);
  });

  it("skips hidden listings and users without news", async () => {
    await save("u1", "n=Molyko");
    await save("u2", "n=Muea");
    clock.advance(MINUTE_MS);
    finder.put(listing("p1", { hidden: true }));
    finder.put(listing("p2", { neighbourhood: "Muea" }));
    clock.advance(MINUTE_MS);
    const summary = await sendSavedSearchAlerts(deps(), clock.now());
    expect(summary.emailsSent).toBe(1);
    expect(mailer.sent.map((m) => m.to)).toEqual(["paul@example.cm"]);
  });

  it("keeps a user's searches pending when their mail fails, and still serves the others", async () => {
    await save("u1", "n=Molyko");
    await save("u2", "n=Molyko");
    clock.advance(MINUTE_MS);
    finder.put(listing("p1"));
    clock.advance(MINUTE_MS);
    const send = mailer.send.bind(mailer);
    mailer.send = async (m) => {
      if (m.to === "ngozi@example.cm") throw new Error("mailbox unavailable");
      return send(m);
    };
    const first = await sendSavedSearchAlerts(deps(), clock.now());
    expect(first).toMatchObject({ emailsSent: 1, failures: [{ userId: "u1", error: "mailbox unavailable" }] });

    mailer.send = send;
    clock.advance(MINUTE_MS);
    const retry = await sendSavedSearchAlerts(deps(), clock.now());
    expect(retry).toMatchObject({ emailsSent: 1, failures: [] });
    expect(mailer.sent.map((m) => m.to)).toEqual(["paul@example.cm", "ngozi@example.cm"]);
  });

  it("a search the finder cannot run is that user's failure only: the users after them still get theirs", async () => {
    await save("u1", "q=room");
    await save("u2", "n=Molyko");
    const pendingSince = clock.now().getTime();
    clock.advance(MINUTE_MS);
    finder.put(listing("p1"));
    clock.advance(MINUTE_MS);
    let broken = true;
    const find = finder.findNewMatches.bind(finder);
    // What PostgreSQL did with a keyword holding a NUL: the query threw, and the run with it.
    finder.findNewMatches = async (query, since, limit) => {
      if (broken && query === "q=room") throw new Error('invalid byte sequence for encoding "UTF8": 0x00');
      return find(query, since, limit);
    };
    const first = await sendSavedSearchAlerts(deps(), clock.now());
    expect(first).toMatchObject({
      searchesChecked: 2,
      emailsSent: 1,
      failures: [{ userId: "u1", error: 'invalid byte sequence for encoding "UTF8": 0x00' }],
    });
    expect(mailer.sent.map((m) => m.to)).toEqual(["paul@example.cm"]);
    // The failed user's search stays pending for the next run.
    expect((await savedSearches.listFor("u1"))[0].lastNotifiedAt.getTime()).toBe(pendingSince);

    broken = false;
    clock.advance(MINUTE_MS);
    expect(await sendSavedSearchAlerts(deps(), clock.now())).toMatchObject({ emailsSent: 1, failures: [] });
    expect(mailer.sent.map((m) => m.to)).toEqual(["paul@example.cm", "ngozi@example.cm"]);
  });

  it("reads a stored search back without control characters; one that then filters nothing is no alert", async () => {
    await save("u2", "n=Molyko");
    // Stored before the rule (saveSearch refuses it now): straight into the repository.
    await savedSearches.addWithinLimit(
      { id: "poisoned", userId: "u1", query: "q=%00", lastNotifiedAt: clock.now(), createdAt: clock.now() },
      10,
    );
    await savedSearches.addWithinLimit(
      { id: "keyword", userId: "u1", query: "q=gate%00", lastNotifiedAt: clock.now(), createdAt: clock.now() },
      10,
    );
    const asked: string[] = [];
    const find = finder.findNewMatches.bind(finder);
    finder.findNewMatches = async (query, since, limit) => {
      asked.push(query);
      return find(query, since, limit);
    };
    clock.advance(MINUTE_MS);
    finder.put(listing("p1", { title: "Room by the gate" }));
    finder.put(listing("p2", { neighbourhood: "Muea" }));
    clock.advance(MINUTE_MS);
    const summary = await sendSavedSearchAlerts(deps(), clock.now());
    expect(summary).toMatchObject({ searchesChecked: 3, emailsSent: 2, failures: [] });
    expect(asked).toEqual(expect.arrayContaining(["q=gate", "n=Molyko"]));
    expect(asked).toHaveLength(2);
    const ngozi = mailer.lastTo("ngozi@example.cm")!;
    expect(ngozi.text).toContain("/listings/p1");
    expect(ngozi.text).not.toContain("/listings/p2");
    expect(ngozi.text).toContain("https://kamernest.test/listings?q=gate");
  });

  it("saving a search drops control characters; one left empty is refused", async () => {
    expect(await save("u1", "q=%00")).toMatchObject({ ok: false, error: { code: "listings.empty_search" } });
    expect(await save("u1", "q=%00&n=%01")).toMatchObject({ ok: false, error: { code: "listings.empty_search" } });
    expect(await save("u1", "q=ga%00te&%00=x")).toMatchObject({ ok: true, value: { query: "q=gate" } });
  });

  it("caps each search's section at 10 listings", async () => {
    await save("u1", "n=Molyko");
    for (let i = 0; i < 15; i++) {
      clock.advance(MINUTE_MS);
      finder.put(listing(`p${String(i).padStart(2, "0")}`));
    }
    const summary = await sendSavedSearchAlerts(deps(), clock.now());
    expect(summary.listingsSent).toBe(10);
    expect(mailer.sent[0].text).toContain("/listings/p14");
    expect(mailer.sent[0].text).not.toContain("/listings/p04");
  });

  it("does not repeat the neighbourhood a title already names", async () => {
    await save("u1", "n=Molyko");
    clock.advance(MINUTE_MS);
    finder.put(listing("p1", { title: "Studio near UB gate, Molyko" }));
    await sendSavedSearchAlerts(deps(), clock.now());
    expect(mailer.sent[0].text).toContain("- Studio near UB gate, Molyko · 25 000 FCFA a month: https://kamernest.test/listings/p1");
  });

  it("describes searches and amounts for people", () => {
    expect(formatFcfa(8000)).toBe("8 000 FCFA");
    expect(formatFcfa(1250000)).toBe("1 250 000 FCFA");
    expect(describeSearch("q=wifi&n=Molyko&n=Bomaka&type=studio&min=20000&max=40000")).toBe(
      "“wifi” · Molyko, Bomaka · studio · from 20 000 FCFA · up to 40 000 FCFA",
    );
    expect(describeSearch("furnished=1")).toBe("Your saved search");
  });
});
