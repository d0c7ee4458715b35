// The agents directory, top-rated agents, an agent's public profile with reviews and replies, and the blog.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as agentsPage from "~/routes/agents+/_index";
import { listingFixtures } from "../listings/listing-fixtures";
import * as topRated from "~/routes/agents+/top-rated";
import * as agentProfile from "~/routes/agent+/$id";
import * as blogIndex from "~/routes/blog+/_index";
import * as blogPost from "~/routes/blog+/$slug";
import * as home from "~/routes/_index";
import { languageCookie as knLang } from "~/i18next.server";
import { createPersona, signedInJar } from "../../support/route-harness";
import { allDatabaseKinds, databaseSuites } from "../../support/test-database";
import { insertBooking } from "../contract/discovery-fixtures";
import { createDiscoveryWorld, type DiscoveryWorld } from "./discovery-support";

const languageCookieHeader = (language: string) => knLang.serialize(language);

for (const { kind, title, skip } of databaseSuites(allDatabaseKinds(), "agents and blog on %s")) {
  describe.skipIf(skip)(title, () => {
    let w: DiscoveryWorld;
    beforeAll(async () => {
      w = await createDiscoveryWorld(kind);
      const now = new Date().toISOString();
      const post = (slug: string, daysAgo: number, published = true) => ({
        id: `post-${slug}`,
        slug,
        author_name: "Clovis Ngwa",
        cover_storage_key: `photos/blog-${slug}`,
        title_en: `Title ${slug}`,
        title_fr: `Titre ${slug}`,
        excerpt_en: `Excerpt ${slug}`,
        excerpt_fr: `Résumé ${slug}`,
        body_en: `## Hello\n\nSome **advice** for ${slug}.\n\n<script>alert(1)</script>`,
        body_fr: `## Bonjour\n\nDes **conseils** pour ${slug}.`,
        published_at: published ? new Date(Date.now() - daysAgo * 86_400_000).toISOString() : null,
        created_at: now,
      });
      const posts = Array.from({ length: 8 }, (_, i) => post(`post-${i + 1}`, i + 1));
      posts.push(post("draft", 0, false));
      await w.h.database.db.insertInto("blog_posts").values(posts).execute();
    });
    afterAll(() => w.h.close());

    it("lists verified agents with their listing counts, and not the others", async () => {
      await createPersona(w.h, "pendingAgent");
      const r = await w.h.get(agentsPage, "/agents");
      expect(r.status).toBe(200);
      expect(r.data.directory).toMatchObject({ total: 1, page: 1, pageCount: 1 });
      expect(r.data.directory.items).toHaveLength(1);
      expect(r.data.directory.items[0]).toMatchObject({ userId: w.agent.id, verified: true, listingCount: 6 });
      expect(r.data.seo.path).toBe("/agents");
    });

    it("pages the agents directory by 24; 404 past the end or for a page that is not a number", async () => {
      const extra = Array.from({ length: 24 }, (_, i) => `dir-agent-${String(i).padStart(2, "0")}`);
      const fx = listingFixtures(w.h.database.db);
      for (const id of extra) await fx.agent(id, { name: `Zz ${id}` });
      try {
        const first = await w.h.get(agentsPage, "/agents");
        expect(first.data.directory).toMatchObject({ total: 25, page: 1, pageCount: 2 });
        expect(first.data.directory.items).toHaveLength(24);
        const second = await w.h.get(agentsPage, "/agents?page=2");
        expect(second.status).toBe(200);
        expect(second.data.directory.items.map((a: { userId: string }) => a.userId)).toEqual(["dir-agent-23"]);
        expect(second.data.seo).toMatchObject({ path: "/agents?page=2", title: "Housing agents in Buea, page 2" });
        for (const page of ["3", "0", "abc", "99999"]) expect((await w.h.get(agentsPage, `/agents?page=${page}`)).status).toBe(404);
      } finally {
        await w.h.database.db.deleteFrom("agents").where("user_id", "in", extra).execute();
        await w.h.database.db.deleteFrom("profiles").where("id", "in", extra).execute();
      }
    });

    it("shows an approved agent's profile; 404 for anyone else", async () => {
      const r = await w.h.get(agentProfile, `/agent/${w.agent.id}`, { params: { id: w.agent.id } });
      expect(r.status).toBe(200);
      expect(r.data.listings).toHaveLength(6);
      expect(r.data.reviews.count).toBe(0);
      const pending = await createPersona(w.h, "pendingAgent");
      expect((await w.h.get(agentProfile, `/agent/${pending.id}`, { params: { id: pending.id } })).status).toBe(404);
      expect((await w.h.get(agentProfile, `/agent/${w.student.id}`, { params: { id: w.student.id } })).status).toBe(404);
      expect((await w.h.get(agentProfile, "/agent/nope", { params: { id: "nope" } })).status).toBe(404);
    });

    it("lets a student with a confirmed viewing rate once, and the agent reply once", async () => {
      const propertyId = w.ids["molyko-mid"];
      await insertBooking(w.h.database.db, { id: "booking-1", propertyId, studentId: w.student.id });
      const student = await w.studentJar();
      const page = await w.h.get(agentProfile, `/agent/${w.agent.id}`, { params: { id: w.agent.id }, jar: student });
      expect(page.data.viewings).toEqual([{ bookingId: "booking-1", propertyTitle: "Room molyko-mid", visitDate: "2026-11-10" }]);

      const bad = await w.h.post(
        agentProfile,
        `/agent/${w.agent.id}`,
        { intent: "review", bookingId: "booking-1", rating: "7" },
        { params: { id: w.agent.id }, jar: student },
      );
      expect(bad.status).toBe(400);
      expect(bad.data.fieldErrors.rating).toBe("listings:errors.rating_required");
      const rated = await w.h.post(
        agentProfile,
        `/agent/${w.agent.id}`,
        { intent: "review", bookingId: "booking-1", rating: "4", comment: "On time and honest." },
        { params: { id: w.agent.id }, jar: student },
      );
      expect(rated.status).toBe(302);
      const twice = await w.h.post(
        agentProfile,
        `/agent/${w.agent.id}`,
        { intent: "review", bookingId: "booking-1", rating: "5" },
        { params: { id: w.agent.id }, jar: student },
      );
      expect(twice.status).toBe(400);
      expect(twice.data.formError).toBe("You have already rated this visit.");

      const after = await w.h.get(agentProfile, `/agent/${w.agent.id}`, { params: { id: w.agent.id }, jar: student });
      expect(after.data.viewings).toEqual([]);
      expect(after.data.canReply).toBe(false);
      const [review] = after.data.reviews.items;
      expect(review).toMatchObject({ rating: 4, comment: "On time and honest.", studentName: "Brenda", reply: null });

      // Only the agent of the page may reply.
      const stranger = await w.h.post(
        agentProfile,
        `/agent/${w.agent.id}`,
        { intent: "reply", reviewId: review.id, reply: "Hi" },
        { params: { id: w.agent.id }, jar: student },
      );
      expect(stranger.status).toBe(403);
      const agent = await w.agentJar();
      expect((await w.h.get(agentProfile, `/agent/${w.agent.id}`, { params: { id: w.agent.id }, jar: agent })).data.canReply).toBe(true);
      const replied = await w.h.post(
        agentProfile,
        `/agent/${w.agent.id}`,
        { intent: "reply", reviewId: review.id, reply: "Thank you Brenda!" },
        { params: { id: w.agent.id }, jar: agent },
      );
      expect(replied.status).toBe(302);
      const again = await w.h.post(
        agentProfile,
        `/agent/${w.agent.id}`,
        { intent: "reply", reviewId: review.id, reply: "Again" },
        { params: { id: w.agent.id }, jar: agent },
      );
      expect(again.status).toBe(400);
      expect(again.data.formError).toBe("You have already replied to this review.");

      const ranked = await w.h.get(topRated, "/agents/top-rated");
      expect(ranked.data.agents.map((a: { userId: string }) => a.userId)).toEqual([w.agent.id]);
    });

    it("pages the blog by 6, newest first, without drafts; 404 past the end", async () => {
      const first = await w.h.get(blogIndex, "/blog");
      expect(first.data.blog.items.map((p: { slug: string }) => p.slug)).toEqual([
        "post-1",
        "post-2",
        "post-3",
        "post-4",
        "post-5",
        "post-6",
      ]);
      expect(first.data.blog.pageCount).toBe(2);
      const second = await w.h.get(blogIndex, "/blog?page=2");
      expect(second.data.blog.items.map((p: { slug: string }) => p.slug)).toEqual(["post-7", "post-8"]);
      expect(second.data.seo.path).toBe("/blog?page=2");
      for (const page of ["3", "0", "abc", "99999"]) expect((await w.h.get(blogIndex, `/blog?page=${page}`)).status).toBe(404);
    });

    it("reads a post in the reader's language, as safe HTML; 404 for unknown slugs and drafts", async () => {
      const en = await w.h.get(blogPost, "/blog/post-1", { params: { slug: "post-1" } });
      expect(en.data.post.title).toBe("Title post-1");
      expect(en.data.post.html).toContain("<strong>advice</strong>");
      expect(en.data.post.html).not.toContain("<script>");
      expect(en.data.seo).toMatchObject({ type: "article", image: "/media/photos/blog-post-1-1024.webp" });
      const fr = await w.h.get(blogPost, "/blog/post-1?lng=fr", { params: { slug: "post-1" } });
      expect(fr.data.post.title).toBe("Titre post-1");
      expect(fr.data.post.html).toContain("<strong>conseils</strong>");
      const languageCookie = (await languageCookieHeader("fr")).split(";")[0];
      const cookie = await w.h.get(blogPost, "/blog/post-1", { params: { slug: "post-1" }, headers: { Cookie: languageCookie } });
      expect(cookie.data.post.title).toBe("Titre post-1");
      for (const slug of ["draft", "nope", "../etc", "Post-1"]) {
        expect((await w.h.get(blogPost, `/blog/${encodeURIComponent(slug)}`, { params: { slug } })).status).toBe(404);
      }
    });

    it("home: featured verified listings, neighbourhood counts and the latest posts", async () => {
      const r = await w.h.get(home, "/");
      expect(r.status).toBe(200);
      for (const p of r.data.featured) expect(p.isVerified).toBe(true);
      const molyko = r.data.neighbourhoods.find((n: { neighbourhood: string }) => n.neighbourhood === "Molyko");
      expect(molyko.count).toBe(3);
      expect(r.data.neighbourhoods).toHaveLength(10);
      expect(r.data.posts.map((p: { slug: string }) => p.slug)).toEqual(["post-1", "post-2", "post-3"]);
      expect(r.data.recommended).toEqual([]);
      const jar = await signedInJar(w.h, w.student.id);
      expect((await w.h.get(home, "/", { jar })).status).toBe(200);
    });
  });
}
