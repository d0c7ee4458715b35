// Issue 30: whose listings and guest houses are offered (domain/accounts/owner-standing.ts), at the
// rule's boundaries, on the in-memory adapters, SQLite and PostgreSQL. The admin's real use cases
// change the accounts; what booking and paying read (BookingPropertyReader, BookableGuestHouseReader)
// must follow at once: an active approved agent's listing takes visits, a suspended or demoted one's
// does not, a reactivated or re-promoted one's does again; a suspended host's house is not public.
import type { Kysely } from "kysely";
import { afterEach, beforeEach, expect, it } from "vitest";
import type { AccountRepos, AccountsDeps } from "#domain/accounts/accounts.deps";
import type { AgentVerificationDetails } from "#domain/accounts/agent.entity";
import { changeUserRole, reactivateUser, suspendUser } from "#domain/accounts/admin-users.use-case";
import {
  createInMemoryAccountRepos,
  InMemoryAccountsUnitOfWork,
  InMemoryDocumentStorage,
  InMemoryLoginAttemptRepository,
} from "#domain/accounts/in-memory-account-repositories";
import { approveAgent } from "#domain/accounts/review-agent.use-case";
import { propertyBookingError } from "#domain/booking/book-visit.use-case";
import type { BookingPropertyReader } from "#domain/booking/booking-property-reader.port";
import { InMemoryBookingPropertyReader } from "#domain/booking/in-memory-booking-property-reader";
import type { BookableGuestHouseReader } from "#domain/guest-house-booking/bookable-guest-house.port";
import { InMemoryBookableGuestHouses } from "#domain/guest-house-booking/in-memory-guest-house-booking";
import { findHouseToBook } from "#domain/guest-house-booking/request-guest-house-booking.use-case";
import { FixedClock } from "#domain/shared/clock";
import { SequentialIds } from "#domain/shared/ids";
import { InMemoryMailer } from "#domain/shared/mailer.port";
import type { UnitOfWork } from "#domain/shared/transaction";
import type { Database } from "#infrastructure/db/schema";
import { ScryptPasswordHasher } from "#infrastructure/auth/scrypt-password-hasher";
import { defaultAccountEmails } from "#infrastructure/mail/default-account-emails";
import { createKyselyAccountRepos, KyselyAccountsUnitOfWork } from "#infrastructure/repositories/kysely-account-unit-of-work";
import { KyselyBookingPropertyReader } from "#infrastructure/repositories/kysely-booking-property-reader";
import { KyselyBookableGuestHouses } from "#infrastructure/repositories/kysely-guest-house-booking";
import { createTestDatabase, describeEachDatabase, type DatabaseKind } from "../../support/test-database";
import { accountKinds, anAccount, at } from "./accounts-harness";
import { insertProperty } from "./discovery-fixtures";
import { CountingPublicPages } from "#domain/shared/public-pages.port";

const details: AgentVerificationDetails = {
  businessName: "Buea Homes",
  licenseNumber: "LIC-1",
  specializations: ["rooms"],
  businessPhone: "+237677001122",
  businessEmail: "office@bueahomes.cm",
  businessAddress: "Molyko",
  websiteUrl: null,
};

interface World {
  deps: AccountsDeps;
  properties: BookingPropertyReader;
  houses: BookableGuestHouseReader;
  /** Adds a listing of `agentId` (an open, visible, verified one). */
  listing(id: string, agentId: string): Promise<void>;
  /** Adds a guest house of `hostId`, whose host verification is 'verified' (or `seeded`, with none). */
  guestHouse(id: string, hostId: string, options?: { seeded?: boolean }): Promise<void>;
  close(): Promise<void>;
}

async function world(kind: "memory" | DatabaseKind): Promise<World> {
  const clock = new FixedClock(at(0));
  const base = (repos: AccountRepos, uow: UnitOfWork<AccountRepos>): AccountsDeps => ({
    repos,
    uow,
    loginAttempts: new InMemoryLoginAttemptRepository(),
    hasher: new ScryptPasswordHasher({ N: 1024, r: 8, p: 1, keylen: 32 }),
    secrets: { token: () => "t", recoveryCode: () => "r", hash: (s: string) => s },
    totp: { generateSecret: () => "S", keyUri: () => "", verify: () => false, qrSvg: async () => "" },
    mailer: new InMemoryMailer(),
    emails: defaultAccountEmails,
    storage: new InMemoryDocumentStorage(),
    clock,
    ids: new SequentialIds(`${kind}-id`),
    settings: { appUrl: "https://kamernest.test", adminEmails: [] },
    publicPages: new CountingPublicPages(),
  });
  if (kind === "memory") {
    const repos = createInMemoryAccountRepos();
    // The in-memory readers read the agents' statuses and the hosts' accounts where the databases join them.
    const properties = new InMemoryBookingPropertyReader(repos.agents);
    const houses = new InMemoryBookableGuestHouses(repos.accounts);
    return {
      deps: base(repos, new InMemoryAccountsUnitOfWork(repos)),
      properties,
      houses,
      listing: async (id, agentId) => void properties.add({ id, agentId }),
      guestHouse: async (id, hostId, options = {}) =>
        houses.add({
          id,
          name: `House ${id}`,
          hostId,
          maxGuests: 4,
          whatsapp: "237677001122",
          hostVerificationStatus: options.seeded ? null : "verified",
          seeded: options.seeded ?? false,
          hostSuspended: false,
        }),
      close: async () => {},
    };
  }
  const t = await createTestDatabase(kind);
  return {
    deps: base(createKyselyAccountRepos(t.db), new KyselyAccountsUnitOfWork(t.db)),
    properties: new KyselyBookingPropertyReader(t.db),
    houses: new KyselyBookableGuestHouses(t.db),
    listing: (id, agentId) => insertProperty(t.db, { id, agentId }),
    guestHouse: (id, hostId, options = {}) => insertGuestHouse(t.db, id, hostId, options.seeded ?? false),
    close: () => t.destroy(),
  };
}

async function insertGuestHouse(db: Kysely<Database>, id: string, hostId: string, seeded: boolean): Promise<void> {
  await db
    .insertInto("guest_houses")
    .values({
      id,
      host_id: hostId,
      name: `House ${id}`,
      neighbourhood: "Molyko",
      latitude: 4.15,
      longitude: 9.29,
      nightly_rate: 10_000,
      whatsapp_number: "677 00 11 22",
      seeded: seeded ? 1 : 0,
      created_at: at(0).toISOString(),
    })
    .execute();
  if (!seeded) {
    await db
      .insertInto("host_verifications")
      .values({ id: `hv-${id}`, host_id: hostId, status: "verified", submitted_at: at(0).toISOString(), reviewed_at: at(0).toISOString() })
      .onConflict((oc) => oc.column("host_id").doNothing())
      .execute();
  }
}

describeEachDatabase(accountKinds())("whose listings and guest houses are offered, on %s", (kind) => {
  let w: World;
  const admin = { adminId: "admin" };
  const repos = () => w.deps.repos;

  /** An agent account whose verification an admin approved (or that is still `status`). */
  async function agent(id: string, status: "approved" | "pending" = "approved") {
    await repos().accounts.insert(anAccount({ id, role: "agent" }));
    await repos().agents.saveSubmission(id, details, at(1));
    if (status === "approved")
      expect(await approveAgent(w.deps, { adminId: "admin", agentId: id, overrideReason: "Documents checked outside the app" })).toEqual({
        ok: true,
        value: undefined,
      });
  }
  /** Why the listing takes no visits (its booking error's code), or null when it takes them. */
  const refusal = async (propertyId: string) => {
    const property = await w.properties.findPropertyForBooking(propertyId);
    if (!property) throw new Error(`no property ${propertyId}`);
    return propertyBookingError(property)?.code ?? null;
  };
  const houseRefusal = async (houseId: string) => {
    const found = await findHouseToBook(w.houses, "guest", houseId);
    return found.ok ? null : found.error.code;
  };
  const agentStatus = async (id: string) => (await repos().agents.findByUserId(id))?.status;

  beforeEach(async () => {
    w = await world(kind);
    await repos().accounts.insert(anAccount({ id: "admin", role: "admin" }));
    await repos().accounts.insert(anAccount({ id: "guest" }));
  });
  afterEach(() => w.close());

  it("an active approved agent's listing takes visits; suspended, it does not; reactivated, it does again", async () => {
    await agent("ag");
    await w.listing("p1", "ag");
    expect(await refusal("p1")).toBeNull();

    expect(await suspendUser(w.deps, { ...admin, userId: "ag", reason: "Fake listings" })).toEqual({ ok: true, value: undefined });
    expect(await refusal("p1")).toBe("booking.property_unavailable");
    expect(await agentStatus("ag")).toBe("withheld");

    expect(await reactivateUser(w.deps, { ...admin, userId: "ag" })).toEqual({ ok: true, value: undefined });
    expect(await refusal("p1")).toBeNull();
    expect(await agentStatus("ag")).toBe("approved");
  });

  // (Made an admin, which only ADMIN_EMAILS does: tests/unit/accounts/owner-standing.test.ts.)
  it("an approved agent made a student lists nothing; made an agent again, the approval is kept", async () => {
    await agent("ag");
    await w.listing("p1", "ag");
    for (let round = 0; round < 2; round++) {
      expect(await changeUserRole(w.deps, { ...admin, userId: "ag", role: "student" })).toEqual({ ok: true, value: undefined });
      expect(await refusal("p1")).toBe("booking.property_unavailable");
      expect(await changeUserRole(w.deps, { ...admin, userId: "ag", role: "agent" })).toEqual({ ok: true, value: undefined });
      expect(await refusal("p1")).toBeNull();
    }
  });

  it("a suspended agent made an agent again stays offline until reactivated", async () => {
    await agent("ag");
    await w.listing("p1", "ag");
    await changeUserRole(w.deps, { ...admin, userId: "ag", role: "student" });
    await suspendUser(w.deps, { ...admin, userId: "ag", reason: "Fraud" });
    await changeUserRole(w.deps, { ...admin, userId: "ag", role: "agent" });
    expect(await refusal("p1")).toBe("booking.property_unavailable");
    await reactivateUser(w.deps, { ...admin, userId: "ag" });
    expect(await refusal("p1")).toBeNull();
  });

  it("an agent approved while suspended is withheld until reactivated; a pending agent suspended and reactivated stays pending", async () => {
    await agent("waiting", "pending");
    await w.listing("p1", "waiting");
    await suspendUser(w.deps, { ...admin, userId: "waiting", reason: "Checking documents" });
    expect(
      await approveAgent(w.deps, { adminId: "admin", agentId: "waiting", overrideReason: "Documents checked outside the app" }),
    ).toEqual({ ok: true, value: undefined });
    expect(await agentStatus("waiting")).toBe("withheld");
    expect(await refusal("p1")).toBe("booking.property_unavailable");
    await reactivateUser(w.deps, { ...admin, userId: "waiting" });
    expect(await refusal("p1")).toBeNull();

    await agent("other", "pending");
    await suspendUser(w.deps, { ...admin, userId: "other", reason: "x" });
    await reactivateUser(w.deps, { ...admin, userId: "other" });
    expect(await agentStatus("other")).toBe("pending");
  });

  it.skipIf(kind === "memory")(
    "an approval and a suspension of the same agent at the same moment end withheld, whichever runs first",
    async () => {
      for (let i = 0; i < 8; i++) {
        const id = `racer-${i}`;
        await agent(id, "pending");
        await w.listing(`p-${id}`, id);
        const [approved, suspended] = await Promise.all([
          approveAgent(w.deps, { adminId: "admin", agentId: id, overrideReason: "Documents checked outside the app" }),
          suspendUser(w.deps, { ...admin, userId: id, reason: "Fraud" }),
        ]);
        expect([approved.ok, suspended.ok]).toEqual([true, true]);
        expect(await agentStatus(id)).toBe("withheld");
        expect(await refusal(`p-${id}`)).toBe("booking.property_unavailable");
      }
    },
  );

  it("the audit row of a suspension says the agent's listings went offline, and of the reactivation that they came back", async () => {
    await agent("ag");
    await suspendUser(w.deps, { ...admin, userId: "ag", reason: "Fraud" });
    await reactivateUser(w.deps, { ...admin, userId: "ag" });
    const rows = await repos().auditLog.list({ target: "user:ag", limit: 10 });
    const after = (action: string) => JSON.parse(String(rows.find((r) => r.action === action)?.data.after)) as unknown;
    expect(after("admin.user_suspended")).toMatchObject({ suspended: true, agentStatus: "withheld" });
    expect(after("admin.user_reactivated")).toMatchObject({ suspended: false, agentStatus: "approved" });
  });

  it("a verified host's house is public; suspended, it is not (no booking, no access fee for it); reactivated, it is again", async () => {
    await repos().accounts.insert(anAccount({ id: "host" }));
    await repos().accounts.insert(anAccount({ id: "platform" }));
    await w.guestHouse("gh1", "host");
    await w.guestHouse("gh-seeded", "platform", { seeded: true });
    expect(await houseRefusal("gh1")).toBeNull();
    expect(await houseRefusal("gh-seeded")).toBeNull();

    await suspendUser(w.deps, { ...admin, userId: "host", reason: "Scam" });
    await suspendUser(w.deps, { ...admin, userId: "platform", reason: "Scam" });
    expect(await houseRefusal("gh1")).toBe("guest-houses.guest_house_not_found");
    expect(await houseRefusal("gh-seeded")).toBe("guest-houses.guest_house_not_found");

    await reactivateUser(w.deps, { ...admin, userId: "host" });
    expect(await houseRefusal("gh1")).toBeNull();
  });

  it("hosting is not a role: an agent who hosts, made a student, keeps their house public (and their listings go offline)", async () => {
    await agent("ag");
    await w.listing("p1", "ag");
    await w.guestHouse("gh1", "ag");
    await changeUserRole(w.deps, { ...admin, userId: "ag", role: "student" });
    expect(await houseRefusal("gh1")).toBeNull();
    expect(await refusal("p1")).toBe("booking.property_unavailable");
  });
});
