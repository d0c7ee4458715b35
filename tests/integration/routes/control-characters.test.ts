// Control characters (a NUL above all) in text that enters through a URL or a form, on SQLite and
// PostgreSQL, which refuses a NUL in a text parameter (the query throws: a 500). The rule is one
// (domain/shared/text.ts): they are dropped where the text enters, so a search still searches, a
// form still sends, and nothing stored holds one (issue 30).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as adminUsers from "~/routes/admin+/users";
import * as agentVerification from "~/routes/auth+/agent-verification";
import * as contact from "~/routes/contact";
import * as guestHouses from "~/routes/guest-houses";
import * as listings from "~/routes/listings+/_index";
import * as studentMessages from "~/routes/messages";
import * as profile from "~/routes/profile";
import * as savedSearches from "~/routes/resources+/saved-searches";
import { createPersona, signedInJar, tinyPdf, type CookieJar } from "../../support/route-harness";
import { allDatabaseKinds, databaseSuites } from "../../support/test-database";
import { createDiscoveryWorld, type DiscoveryWorld } from "./discovery-support";

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

for (const { kind, title, skip } of databaseSuites(allDatabaseKinds(), "control characters in searches and forms on %s")) {
  describe.skipIf(skip)(title, () => {
    let w: DiscoveryWorld;
    let admin: CookieJar;
    let student: CookieJar;
    beforeAll(async () => {
      w = await createDiscoveryWorld(kind);
      admin = await signedInJar(w.h, (await createPersona(w.h, "admin")).id);
      student = await w.studentJar();
      const host = await createPersona(w.h, "student", { fullName: "Host Person" });
      await w.h.database.db
        .insertInto("guest_houses")
        .values({
          id: "gh-control-1",
          host_id: host.id,
          name: "Molyko Comfort Lodge",
          neighbourhood: "Molyko",
          latitude: 4.15,
          longitude: 9.29,
          nightly_rate: 12000,
          whatsapp_number: "+237 677 12 34 56",
          max_guests: 3,
          seeded: 1,
          created_at: new Date().toISOString(),
        })
        .execute();
    });
    afterAll(() => w?.h.close());

    it("/listings?q=%00 and a keyword holding one: the search runs without them", async () => {
      const nul = await w.h.get(listings, "/listings?q=%00");
      expect(nul.status).toBe(302);
      expect(nul.location).toBe("/listings");
      // Signed in too: the search is also recorded in the history.
      const inside = await w.h.get(listings, "/listings?q=molyko%00-cheap%01", { jar: student.clone() });
      expect(inside.location).toBe("/listings?q=molyko-cheap");
      const found = await w.h.get(listings, "/listings?q=molyko-cheap", { jar: student.clone() });
      expect(found.status).toBe(200);
      expect(found.data.page.items.map((p: { id: string }) => p.id)).toEqual([w.ids["molyko-cheap"]]);
    });

    it("the guest-house search with a NUL in its neighbourhood", async () => {
      const nul = await w.h.get(guestHouses, "/guest-houses?n=%00");
      expect(nul.status).toBe(302);
      expect(nul.location).toBe("/guest-houses");
      const inside = await w.h.get(guestHouses, "/guest-houses?n=Mol%00yko");
      expect(inside.location).toBe("/guest-houses?n=Molyko");
      const found = await w.h.get(guestHouses, "/guest-houses?n=Molyko");
      expect(found.data.items.map((g: { id: string }) => g.id)).toEqual(["gh-control-1"]);
    });

    it("/admin/users?q=%00 and a name holding one", async () => {
      const nul = await w.h.get(adminUsers, "/admin/users?q=%00", { jar: admin.clone() });
      expect(nul.status).toBe(200);
      expect(nul.data.q).toBe("");
      const inside = await w.h.get(adminUsers, "/admin/users?q=Bren%00da%1F", { jar: admin.clone() });
      expect(inside.status).toBe(200);
      expect(inside.data.q).toBe("Brenda");
      expect(inside.data.users.map((u: { id: string }) => u.id)).toEqual([w.student.id]);
    });

    it("a contact form with NUL and other control characters is sent, stored without them", async () => {
      const r = await w.h.post(contact, "/contact", {
        name: "Brenda\u0000 Ayuk",
        email: "brenda@example.com",
        subject: "Refund\u0007 for a visit",
        message: "The agent did not come\u0000 to my visit on Saturday.\nThanks\u001b.",
        website: "",
      });
      expect(r.status).toBe(302);
      expect(r.location).toBe("/contact");
      const [stored] = await w.h.database.db.selectFrom("contact_messages").selectAll().execute();
      expect(stored).toMatchObject({
        name: "Brenda Ayuk",
        subject: "Refund for a visit",
        message: "The agent did not come to my visit on Saturday.\nThanks.",
      });
    });

    it("a profile form and a message to an agent with a NUL: saved without it", async () => {
      const saved = await w.h.post(
        profile,
        "/profile",
        { intent: "profile", fullName: "Brenda\u0000 Ayuk-Tabi", phone: "" },
        { jar: student.clone() },
      );
      expect(saved.status).toBe(302);
      const account = await w.h.database.db
        .selectFrom("profiles")
        .select("full_name")
        .where("id", "=", w.student.id)
        .executeTakeFirstOrThrow();
      expect(account.full_name).toBe("Brenda Ayuk-Tabi");

      const thread = "00000000-0000-4000-8000-0000000c0001";
      const now = new Date().toISOString();
      await w.h.database.db
        .insertInto("message_threads")
        .values({
          id: thread,
          property_id: w.ids["molyko-cheap"],
          student_id: w.student.id,
          agent_id: w.agent.id,
          created_at: now,
          last_message_at: now,
        })
        .execute();
      const reply = await w.h.post(
        studentMessages,
        "/messages",
        { intent: "reply", threadId: thread, body: "Is it\u0000 still free?" },
        { jar: student.clone() },
      );
      expect(reply.status).toBe(302);
      const messages = await w.h.database.db.selectFrom("messages").select("body").where("thread_id", "=", thread).execute();
      expect(messages.map((m) => m.body)).toEqual(["Is it still free?"]);
    });

    it("an uploaded document whose name holds a NUL is stored under the name without it", async () => {
      const agent = await createPersona(w.h, "unsubmittedAgent");
      const r = await w.h.post(
        agentVerification,
        "/auth/agent-verification",
        {
          businessName: "Ngwa\u0000 Homes",
          licenseNumber: "LIC-9",
          specializations: "studios",
          businessPhone: "+237670000000",
          businessEmail: "office@example.cm",
          businessAddress: "Molyko, Buea",
          documents: tinyPdf("lic\u0000ence.pdf"),
        },
        { jar: await signedInJar(w.h, agent.id) },
      );
      expect(r.status).toBe(302);
      const docs = await w.h.database.db.selectFrom("agent_documents").select("original_name").where("agent_id", "=", agent.id).execute();
      expect(docs.map((d) => d.original_name)).toEqual(["licence.pdf"]);
    });

    it("saving the search q=%00 is refused as empty (translated), and a keyword holding one is saved without it", async () => {
      const jar = await signedInJar(w.h, (await createPersona(w.h, "student")).id);
      const empty = await w.h.post(savedSearches, "/resources/saved-searches", { intent: "save", query: "q=%00" }, { jar });
      expect(empty.status).toBe(302);
      expect(empty.location).toBe("/listings");
      const session = await w.h.services.sessionStorage.getSession(jar.header());
      expect(session.get("toast")).toMatchObject({ kind: "error", title: "listings:errors.empty_search" });
      const saved = await w.h.post(savedSearches, "/resources/saved-searches", { intent: "save", query: "q=Mol%00yko&n=Molyko" }, { jar });
      expect(saved.status).toBe(302);
      const rows = await w.h.database.db.selectFrom("saved_searches").select(["query", "user_id"]).execute();
      for (const row of rows) expect(decodeURIComponent(row.query)).not.toMatch(CONTROL);
      expect(rows.map((r) => r.query)).toContain("q=Molyko&n=Molyko");
      expect(rows.map((r) => r.query)).not.toContain("q=%00");
    });
  });
}
