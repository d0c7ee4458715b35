// The hosting use cases on the in-memory adapters alone: verification, review, houses, photos and
// blocked nights, with the rules each one guards.
import { beforeEach, describe, expect, it } from "vitest";
import type { Account } from "#domain/accounts/account.entity";
import { InMemoryAccountRepository, InMemoryDocumentStorage } from "#domain/accounts/in-memory-account-repositories";
import type { HostingEmails } from "#domain/hosting/hosting-emails.port";
import { approveHost, rejectHost, submitHostVerification } from "#domain/hosting/host-verification.use-cases";
import type { GuestHouseDetailsInput } from "#domain/hosting/hosted-guest-house.entity";
import { MAX_BLOCK_NIGHTS, MAX_PHOTOS, MAX_PHOTO_BYTES } from "#domain/hosting/hosted-guest-house.entity";
import { InMemoryHostingRepository, InMemoryHostingUnitOfWork } from "#domain/hosting/in-memory-hosting-repository";
import {
  addGuestHousePhoto,
  arrangeGuestHousePhoto,
  createGuestHouse,
  deleteGuestHousePhoto,
  editGuestHouse,
  getMyGuestHouse,
  setBlockedNights,
} from "#domain/hosting/manage-guest-house.use-cases";
import { InMemoryPhotoStore } from "#domain/property-management/in-memory-managed-property-repository";
import { FixedClock } from "#domain/shared/clock";
import { SequentialIds } from "#domain/shared/ids";
import { InMemoryMailer } from "#domain/shared/mailer.port";
import { CountingPublicPages } from "#domain/shared/public-pages.port";

const NOW = new Date("2026-11-20T09:00:00Z");
const pdf = (name: string) => ({ name, bytes: new TextEncoder().encode("%PDF-1.4\n%%EOF\n") });
const image = (tag = "IMG") => new TextEncoder().encode(`${tag} pixels`);
const details: GuestHouseDetailsInput = {
  name: "Fako View Guest House",
  description: "Rooms with a view.",
  neighbourhood: "Great Soppo",
  address: "Great Soppo, Buea",
  latitude: 4.16,
  longitude: 9.24,
  nightlyRate: 18_000,
  rooms: 8,
  maxGuests: 16,
  amenities: ["wifi"],
  houseRules: "Quiet after 22:00.",
  whatsappNumber: "677123456",
};
// Records the language each e-mail was written in, so the test sees which one was chosen.
const emails: HostingEmails = {
  hostApproved: ({ name, language, hostAreaUrl }) => ({ subject: `approved:${language}`, text: `${name} ${hostAreaUrl}` }),
  hostRejected: ({ name, language, reason, verificationUrl }) => ({
    subject: `rejected:${language}`,
    text: `${name} ${reason} ${verificationUrl}`,
  }),
};

const account = (id: string, over: Partial<Account> = {}): Account => ({
  id,
  role: "student",
  fullName: `Person ${id}`,
  email: `${id}@example.cm`,
  phone: null,
  passwordHash: null,
  emailConfirmedAt: NOW,
  googleId: null,
  totpSecret: null,
  totpEnabledAt: null,
  language: "en",
  createdAt: NOW,
  updatedAt: NOW,
  suspendedAt: null,
  suspendedReason: null,
  ...over,
});

let hosting: InMemoryHostingRepository;
let uow: InMemoryHostingUnitOfWork;
let accounts: InMemoryAccountRepository;
let storage: InMemoryDocumentStorage;
let photos: InMemoryPhotoStore;
let mailer: InMemoryMailer;
let deps: Parameters<typeof approveHost>[0] &
  Parameters<typeof submitHostVerification>[0] &
  Parameters<typeof addGuestHousePhoto>[0] & { hosting: InMemoryHostingRepository; publicPages: CountingPublicPages };

beforeEach(async () => {
  hosting = new InMemoryHostingRepository();
  uow = new InMemoryHostingUnitOfWork(hosting);
  accounts = new InMemoryAccountRepository();
  storage = new InMemoryDocumentStorage();
  photos = new InMemoryPhotoStore();
  mailer = new InMemoryMailer();
  deps = {
    uow,
    hosting,
    accounts,
    storage,
    photos,
    mailer,
    emails,
    clock: new FixedClock(NOW),
    ids: new SequentialIds("h"),
    settings: { appUrl: "https://kn.test" },
    publicPages: new CountingPublicPages(),
  };
  await accounts.insert(account("host"));
  await accounts.insert(account("hote", { language: "fr" }));
  await accounts.insert(account("admin", { role: "admin" }));
  await accounts.insert(account("admin2", { role: "admin" }));
});

const submit = (userId: string) => submitHostVerification(deps, { userId, identity: [pdf("id.pdf")], ownership: [pdf("deed.pdf")] });
async function house(hostId = "host") {
  await submit(hostId);
  const r = await createGuestHouse(deps, { hostId, details });
  if (!r.ok) throw new Error(r.error.code);
  return r.value;
}

describe("submitHostVerification", () => {
  it("stores the documents and a pending row, with an audit entry", async () => {
    expect(await submit("host")).toEqual({ ok: true, value: { status: "pending" } });
    const v = await hosting.findVerification("host");
    expect(v).toMatchObject({ status: "pending", hostId: "host" });
    expect(v!.documents.map((d) => d.kind)).toEqual(["identity", "ownership"]);
    for (const d of v!.documents) expect(storage.files.has(d.storageKey)).toBe(true);
    expect(await uow.auditLog.list({ action: "hosting.verification_submitted", limit: 5 })).toHaveLength(1);
  });

  it("replaces a rejected submission and its files; refuses admins and verified hosts", async () => {
    await submit("host");
    const first = (await hosting.findVerification("host"))!;
    await rejectHost(deps, { adminId: "admin", hostId: "host", reason: "Blurry" });
    expect(await submit("host")).toMatchObject({ ok: true });
    const second = (await hosting.findVerification("host"))!;
    expect(second).toMatchObject({ id: first.id, status: "pending", rejectReason: null, reviewedBy: null });
    for (const d of first.documents) expect(storage.files.has(d.storageKey)).toBe(false);

    await approveHost(deps, { adminId: "admin", hostId: "host" });
    const keys = [...storage.files.keys()];
    expect(await submit("host")).toMatchObject({ ok: false, error: { code: "hosting.already_verified" } });
    expect([...storage.files.keys()]).toEqual(keys);
    expect(await submit("admin")).toMatchObject({ ok: false, error: { code: "hosting.forbidden" } });
    expect(await hosting.findVerification("admin")).toBeNull();
  });

  it("refuses a missing kind of document before storing anything", async () => {
    const r = await submitHostVerification(deps, { userId: "host", identity: [pdf("id.pdf")], ownership: [] });
    expect(r).toMatchObject({ ok: false, error: { code: "hosting.ownership_document_required" } });
    expect(storage.files.size).toBe(0);
  });
});

describe("approveHost / rejectHost", () => {
  it("approves a pending host once, writes the audit row and e-mails them in their language", async () => {
    await submit("hote");
    expect(await approveHost(deps, { adminId: "admin", hostId: "hote" })).toEqual({ ok: true, value: undefined });
    // The host's houses are public now.
    expect(deps.publicPages.changes).toBe(1);
    expect(await hosting.findVerification("hote")).toMatchObject({ status: "verified", reviewedBy: "admin", reviewedAt: NOW });
    const [row] = await uow.auditLog.list({ action: "admin.host_approved", limit: 5 });
    expect(row).toMatchObject({ actorId: "admin", data: { target: "host:hote", reason: null } });
    expect(JSON.parse(String(row!.data.before))).toEqual({ status: "pending", rejectReason: null });
    expect(JSON.parse(String(row!.data.after))).toEqual({ status: "verified", rejectReason: null });
    expect(mailer.sent).toEqual([
      expect.objectContaining({ to: "hote@example.cm", subject: "approved:fr", text: expect.stringContaining("https://kn.test/host") }),
    ]);

    // A second admin, later: the row is no longer pending, nothing more is written or sent.
    expect(await rejectHost(deps, { adminId: "admin2", hostId: "hote", reason: "Late" })).toMatchObject({
      ok: false,
      error: { code: "hosting.verification_not_pending" },
    });
    expect(await hosting.findVerification("hote")).toMatchObject({ status: "verified" });
    expect(await uow.auditLog.list({ action: "admin.host_rejected", limit: 5 })).toEqual([]);
    expect(mailer.sent).toHaveLength(1);
  });

  it("rejects with a trimmed reason, told to the host in English", async () => {
    await submit("host");
    expect(await rejectHost(deps, { adminId: "admin", hostId: "host", reason: "  Deed unreadable " })).toMatchObject({ ok: true });
    // A pending host's houses were not shown: a rejection changes no public page.
    expect(deps.publicPages.changes).toBe(0);
    expect(await hosting.findVerification("host")).toMatchObject({ status: "rejected", rejectReason: "Deed unreadable" });
    const [row] = await uow.auditLog.list({ action: "admin.host_rejected", limit: 5 });
    expect(row?.data).toMatchObject({ target: "host:host", reason: "Deed unreadable" });
    expect(mailer.lastTo("host@example.cm")).toMatchObject({ subject: "rejected:en", text: expect.stringContaining("Deed unreadable") });
  });

  it("refuses an empty or too long reason, a non-admin, a self-review and an unknown host, changing nothing", async () => {
    await submit("host");
    const refusals = [
      [await rejectHost(deps, { adminId: "admin", hostId: "host", reason: "   " }), "hosting.reason_required"],
      [await rejectHost(deps, { adminId: "admin", hostId: "host", reason: "x".repeat(1001) }), "hosting.reason_required"],
      [await approveHost(deps, { adminId: "hote", hostId: "host" }), "hosting.forbidden"],
      [await approveHost(deps, { adminId: "admin", hostId: "admin" }), "hosting.self_review_forbidden"],
      [await approveHost(deps, { adminId: "admin", hostId: "nobody" }), "hosting.host_not_found"],
      [await approveHost(deps, { adminId: "admin", hostId: "hote" }), "hosting.host_not_found"],
    ] as const;
    for (const [result, code] of refusals) expect(result).toMatchObject({ ok: false, error: { code } });
    expect(await hosting.findVerification("host")).toMatchObject({ status: "pending", reviewedBy: null });
    expect(await uow.auditLog.list({ limit: 10 })).toHaveLength(1); // the submission only
    expect(mailer.sent).toEqual([]);
  });

  it("writes nothing when the transaction fails after the change", async () => {
    await submit("host");
    uow.failNextCommit = true;
    await expect(approveHost(deps, { adminId: "admin", hostId: "host" })).rejects.toThrow("simulated commit failure");
    expect(await hosting.findVerification("host")).toMatchObject({ status: "pending" });
    expect(await uow.auditLog.list({ action: "admin.host_approved", limit: 5 })).toEqual([]);
    expect(mailer.sent).toEqual([]);
  });
});

describe("createGuestHouse / editGuestHouse", () => {
  it("needs documents first, then stores the normalised house", async () => {
    expect(await createGuestHouse(deps, { hostId: "host", details })).toMatchObject({
      ok: false,
      error: { code: "hosting.verification_required" },
    });
    const created = await house();
    expect(created).toMatchObject({ hostId: "host", whatsappNumber: "+237677123456", createdAt: NOW, photos: [] });
    expect(await hosting.listHouses("host")).toEqual([created]);
  });

  it.each([
    [{ name: "ab" }, "hosting.invalid_name"],
    [{ neighbourhood: "Paris" }, "hosting.invalid_neighbourhood"],
    [{ latitude: 3.8 }, "hosting.invalid_coordinates"],
    [{ nightlyRate: 999 }, "hosting.invalid_rate"],
    [{ rooms: 0 }, "hosting.invalid_rooms"],
    [{ maxGuests: 201 }, "hosting.invalid_max_guests"],
    [{ amenities: ["pool"] }, "hosting.invalid_amenities"],
    [{ whatsappNumber: "12345" }, "hosting.invalid_whatsapp"],
  ] as const)("refuses %j on create and edit, changing nothing", async (over, code) => {
    await submit("host");
    expect(await createGuestHouse(deps, { hostId: "host", details: { ...details, ...over } })).toMatchObject({
      ok: false,
      error: { code },
    });
    expect(await hosting.listHouses("host")).toEqual([]);
    const h = await house();
    expect(await editGuestHouse(deps, { hostId: "host", houseId: h.id, details: { ...details, ...over } })).toMatchObject({
      ok: false,
      error: { code },
    });
    expect(await hosting.findHouse("host", h.id)).toEqual(h);
  });

  it("edits only the host's own house", async () => {
    const h = await house();
    await submit("hote");
    const stolen = await editGuestHouse(deps, { hostId: "hote", houseId: h.id, details: { ...details, name: "Stolen" } });
    expect(stolen).toMatchObject({ ok: false, error: { code: "hosting.not_found" } });
    expect((await hosting.findHouse("host", h.id))?.name).toBe(details.name);
    const edited = await editGuestHouse(deps, {
      hostId: "host",
      houseId: h.id,
      details: { ...details, name: "Fako Lodge", nightlyRate: 20_000 },
    });
    expect(edited).toMatchObject({ ok: true, value: { name: "Fako Lodge", nightlyRate: 20_000, createdAt: NOW } });
    expect(await hosting.findHouse("host", h.id)).toEqual(edited.ok && edited.value);
  });
});

describe("setBlockedNights", () => {
  it("blocks from today, to the limit of nights, and unblocks a range", async () => {
    const h = await house();
    const block = (from: string, to: string, blocked = true) =>
      setBlockedNights(deps, { hostId: "host", houseId: h.id, from, to, blocked });
    expect(await block("2026-11-19", "2026-11-20")).toMatchObject({ ok: false, error: { code: "hosting.invalid_dates" } });
    expect(await block("2026-11-22", "2026-11-21")).toMatchObject({ ok: false, error: { code: "hosting.invalid_dates" } });
    expect(await block("2026-11-20", "2026-11-22")).toEqual({ ok: true, value: { nights: 3 } });
    // MAX_BLOCK_NIGHTS at once: the last allowed count, then one more.
    expect(await block("2026-12-01", "2027-12-01")).toEqual({ ok: true, value: { nights: MAX_BLOCK_NIGHTS } });
    expect(await block("2026-12-01", "2027-12-02")).toMatchObject({ ok: false, error: { code: "hosting.invalid_dates" } });
    expect(await block("2028-11-19", "2028-11-19")).toEqual({ ok: true, value: { nights: 1 } });
    expect(await block("2028-11-20", "2028-11-20")).toMatchObject({ ok: false, error: { code: "hosting.invalid_dates" } });

    // Unblocking keeps the same limit of nights per request.
    expect(await block("2026-11-21", "2027-12-31", false)).toMatchObject({ ok: false, error: { code: "hosting.invalid_dates" } });
    expect(await block("2026-11-21", "2027-11-21", false)).toEqual({ ok: true, value: { nights: MAX_BLOCK_NIGHTS } });
    expect(await block("2027-11-22", "2027-12-01", false)).toEqual({ ok: true, value: { nights: 10 } });
    const shown = await getMyGuestHouse(deps, "host", h.id);
    expect(shown.ok && shown.value.blockedNights).toEqual(["2026-11-20", "2028-11-19"]);
  });

  it("refuses another host's house", async () => {
    const h = await house();
    await submit("hote");
    const r = await setBlockedNights(deps, { hostId: "hote", houseId: h.id, from: "2026-11-20", to: "2026-11-21", blocked: true });
    expect(r).toMatchObject({ ok: false, error: { code: "hosting.not_found" } });
    expect(await hosting.listBlockedNights(h.id, "2026-01-01")).toEqual([]);
  });
});

describe("guest-house photos", () => {
  it("adds up to the limit, in order, and removes the file of a refused one", async () => {
    const h = await house();
    const add = (bytes = image()) => addGuestHousePhoto(deps, { hostId: "host", houseId: h.id, bytes });
    for (let i = 0; i < MAX_PHOTOS; i += 1) expect(await add()).toMatchObject({ ok: true, value: { position: i } });
    expect(await add()).toMatchObject({ ok: false, error: { code: "hosting.too_many_photos" } });
    expect(photos.files.size).toBe(MAX_PHOTOS);
    expect((await hosting.findHouse("host", h.id))?.photos.map((p) => p.position)).toEqual([...Array(MAX_PHOTOS).keys()]);
  });

  it("refuses empty, too large, unsupported and unreadable files, and another host's house", async () => {
    const h = await house();
    await submit("hote");
    const refusals = [
      [await addGuestHousePhoto(deps, { hostId: "host", houseId: h.id, bytes: new Uint8Array() }), "hosting.photo_empty"],
      [
        await addGuestHousePhoto(deps, { hostId: "host", houseId: h.id, bytes: new Uint8Array(MAX_PHOTO_BYTES + 1) }),
        "hosting.photo_too_large",
      ],
      [await addGuestHousePhoto(deps, { hostId: "host", houseId: h.id, bytes: image("GIF") }), "hosting.photo_unsupported_format"],
      [await addGuestHousePhoto(deps, { hostId: "host", houseId: h.id, bytes: image("BAD") }), "hosting.photo_unreadable"],
      [await addGuestHousePhoto(deps, { hostId: "hote", houseId: h.id, bytes: image() }), "hosting.not_found"],
    ] as const;
    for (const [result, code] of refusals) expect(result).toMatchObject({ ok: false, error: { code } });
    expect(photos.files.size).toBe(0);
    expect((await hosting.findHouse("host", h.id))?.photos).toEqual([]);
  });

  it("removes the stored file when the row cannot be written", async () => {
    const h = await house();
    uow.failNextCommit = true;
    await expect(addGuestHousePhoto(deps, { hostId: "host", houseId: h.id, bytes: image() })).rejects.toThrow();
    expect(photos.files.size).toBe(0);
    expect((await hosting.findHouse("host", h.id))?.photos).toEqual([]);
  });

  it("deletes a photo, renumbers the rest and removes its file; never another host's", async () => {
    const h = await house();
    for (let i = 0; i < 3; i += 1) await addGuestHousePhoto(deps, { hostId: "host", houseId: h.id, bytes: image() });
    const [first, second, third] = (await hosting.findHouse("host", h.id))!.photos;
    await submit("hote");
    expect(await deleteGuestHousePhoto(deps, { hostId: "hote", houseId: h.id, photoId: first!.id })).toMatchObject({
      ok: false,
      error: { code: "hosting.not_found" },
    });
    expect(await deleteGuestHousePhoto(deps, { hostId: "host", houseId: h.id, photoId: "nope" })).toMatchObject({
      ok: false,
      error: { code: "hosting.photo_not_found" },
    });
    expect(await deleteGuestHousePhoto(deps, { hostId: "host", houseId: h.id, photoId: first!.id })).toEqual({
      ok: true,
      value: { remaining: 2 },
    });
    expect((await hosting.findHouse("host", h.id))?.photos).toEqual([
      { ...second, position: 0 },
      { ...third, position: 1 },
    ]);
    expect(photos.files.has(first!.storageKey)).toBe(false);
  });

  it("moves a photo up, down or to the front as the cover; never another host's, never an unknown move", async () => {
    const h = await house();
    for (let i = 0; i < 3; i += 1) await addGuestHousePhoto(deps, { hostId: "host", houseId: h.id, bytes: image() });
    const ids = (await hosting.findHouse("host", h.id))!.photos.map((p) => p.id);
    const arrange = (photoId: string, move: string, hostId = "host") =>
      arrangeGuestHousePhoto(deps, { hostId, houseId: h.id, photoId, move });
    const order = async () => (await hosting.findHouse("host", h.id))!.photos.map((p) => [p.id, p.position]);

    expect(await arrange(ids[2]!, "cover")).toMatchObject({ ok: true });
    expect(await order()).toEqual([
      [ids[2], 0],
      [ids[0], 1],
      [ids[1], 2],
    ]);
    await arrange(ids[2]!, "down");
    await arrange(ids[1]!, "down"); // already last: stays
    await arrange(ids[0]!, "up");
    expect(await order()).toEqual([
      [ids[0], 0],
      [ids[2], 1],
      [ids[1], 2],
    ]);

    await submit("hote");
    expect(await arrange(ids[1]!, "cover", "hote")).toMatchObject({ ok: false, error: { code: "hosting.not_found" } });
    expect(await arrange(ids[1]!, "sideways")).toMatchObject({ ok: false, error: { code: "hosting.invalid_photo_order" } });
    expect(await arrange("nope", "up")).toMatchObject({ ok: false, error: { code: "hosting.photo_not_found" } });
    expect(await order()).toEqual([
      [ids[0], 0],
      [ids[2], 1],
      [ids[1], 2],
    ]);
  });
});

describe("approveHost with no document on file (issue 33)", () => {
  beforeEach(async () => {
    await hosting.saveSubmission({
      id: "v-nodocs",
      hostId: "host",
      status: "pending",
      documents: [],
      submittedAt: NOW,
      reviewedAt: null,
      reviewedBy: null,
      rejectReason: null,
    });
  });

  it("is refused without a reason, and changes nothing", async () => {
    for (const overrideReason of [undefined, null, "   "])
      expect(await approveHost(deps, { adminId: "admin", hostId: "host", overrideReason })).toEqual({
        ok: false,
        error: { code: "hosting.approval_documents_missing" },
      });
    expect(await approveHost(deps, { adminId: "admin", hostId: "host", overrideReason: "x".repeat(1001) })).toMatchObject({
      ok: false,
      error: { code: "hosting.approval_reason_too_long" },
    });
    expect(await hosting.findVerification("host")).toMatchObject({ status: "pending", reviewedBy: null });
    expect(await uow.auditLog.list({ action: "admin.host_approved", limit: 5 })).toEqual([]);
    expect(mailer.sent).toEqual([]);
  });

  it("is approved with an override reason, which the audit row keeps", async () => {
    expect(await approveHost(deps, { adminId: "admin", hostId: "host", overrideReason: "Deed seen at the house" })).toEqual({
      ok: true,
      value: undefined,
    });
    expect(await hosting.findVerification("host")).toMatchObject({ status: "verified" });
    const [entry] = await uow.auditLog.list({ action: "admin.host_approved", limit: 5 });
    expect(entry.data).toMatchObject({ target: "host:host", reason: "Deed seen at the house", override: "no_documents" });
  });
});
