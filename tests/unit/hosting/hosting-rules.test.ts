import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { guestHouseVisibility } from "#domain/guest-houses/guest-house-visibility";
import { checkGuestHouseDetails, nightsBetween, type GuestHouseDetailsInput } from "#domain/hosting/hosted-guest-house.entity";
import { checkHostDocuments } from "#domain/hosting/host-verification.entity";

const pdf = (name: string) => ({ name, bytes: new TextEncoder().encode("%PDF-1.4\n%%EOF\n") });
const valid: GuestHouseDetailsInput = {
  name: "  Fako   View Guest House ",
  description: "Rooms with a view.",
  neighbourhood: "Great Soppo",
  address: "Great Soppo, Buea",
  latitude: 4.16,
  longitude: 9.24,
  nightlyRate: 18_000,
  rooms: 8,
  maxGuests: 16,
  amenities: ["tv", "wifi"],
  houseRules: "Quiet after 22:00.\nNo smoking.",
  whatsappNumber: "+237 6 77 12 34 56",
};

describe("guestHouseVisibility", () => {
  it("shows a house and its badge only when the host is verified", () => {
    expect(guestHouseVisibility({ hostVerificationStatus: "verified", hostSuspended: false })).toEqual({
      public: true,
      verifiedBadge: true,
    });
    for (const status of ["pending", "rejected", null] as const) {
      expect(guestHouseVisibility({ hostVerificationStatus: status, hostSuspended: false })).toEqual({
        public: false,
        verifiedBadge: false,
      });
    }
    // A house the platform listed itself (the seed) is public without the badge.
    expect(guestHouseVisibility({ hostVerificationStatus: "pending", seeded: true, hostSuspended: false })).toEqual({
      public: true,
      verifiedBadge: false,
    });
  });
});

describe("checkGuestHouseDetails", () => {
  it("normalises a valid house: spaces, amenity order, the WhatsApp number", () => {
    const r = checkGuestHouseDetails(valid);
    expect(r).toEqual({
      ok: true,
      value: expect.objectContaining({ name: "Fako View Guest House", amenities: ["wifi", "tv"], whatsappNumber: "+237677123456" }),
    });
  });

  it.each([
    [{ name: "ab" }, "hosting.invalid_name"],
    [{ neighbourhood: "Paris" }, "hosting.invalid_neighbourhood"],
    [{ latitude: 48.85 }, "hosting.invalid_coordinates"],
    [{ longitude: Number.NaN }, "hosting.invalid_coordinates"],
    [{ nightlyRate: 999 }, "hosting.invalid_rate"],
    [{ nightlyRate: 12_000.5 }, "hosting.invalid_rate"],
    [{ rooms: 0 }, "hosting.invalid_rooms"],
    [{ maxGuests: 201 }, "hosting.invalid_max_guests"],
    [{ amenities: ["jacuzzi"] }, "hosting.invalid_amenities"],
    [{ houseRules: "x\u0000" }, "hosting.invalid_house_rules"],
    [{ whatsappNumber: "12" }, "hosting.invalid_whatsapp"],
  ] as const)("refuses %o with %s", (over, code) => {
    const r = checkGuestHouseDetails({ ...valid, ...over } as GuestHouseDetailsInput);
    expect(r.ok ? null : r.error.code).toBe(code);
  });

  it("never accepts a rate outside 1 000 to 1 000 000 FCFA", () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.double()), (nightlyRate) => {
        const r = checkGuestHouseDetails({ ...valid, nightlyRate });
        expect(r.ok).toBe(Number.isSafeInteger(nightlyRate) && nightlyRate >= 1000 && nightlyRate <= 1_000_000);
      }),
    );
  });
});

describe("nightsBetween", () => {
  const now = new Date("2026-11-22T21:00:00Z");
  it("lists every night of a range, both ends included", () => {
    expect(nightsBetween("2026-11-30", "2026-12-02", now)).toEqual({ ok: true, value: ["2026-11-30", "2026-12-01", "2026-12-02"] });
    expect(nightsBetween("2026-11-22", "2026-11-22", now)).toEqual({ ok: true, value: ["2026-11-22"] });
  });
  it.each([
    ["2026-11-21", "2026-11-23"],
    ["2026-12-02", "2026-11-30"],
    ["2026-02-30", "2026-03-01"],
    ["2026-11-23", "2027-11-30"],
    ["2028-12-01", "2028-12-02"],
    ["tomorrow", "2026-12-01"],
  ])("refuses %s to %s", (from, to) => {
    const r = nightsBetween(from, to, now);
    expect(r.ok ? null : r.error.code).toBe("hosting.invalid_dates");
  });
});

describe("checkHostDocuments", () => {
  it("needs at least one identity and one ownership document, each a real PDF, JPEG or PNG", () => {
    expect(checkHostDocuments({ identity: [], ownership: [pdf("deed.pdf")] })).toMatchObject({
      ok: false,
      error: { code: "hosting.identity_document_required" },
    });
    expect(checkHostDocuments({ identity: [pdf("id.pdf")], ownership: [] })).toMatchObject({
      ok: false,
      error: { code: "hosting.ownership_document_required" },
    });
    const html = { name: "deed.pdf", bytes: new TextEncoder().encode("<html>") };
    expect(checkHostDocuments({ identity: [pdf("id.pdf")], ownership: [html] })).toMatchObject({
      ok: false,
      error: { code: "hosting.document_type" },
    });
    expect(checkHostDocuments({ identity: [pdf("a"), pdf("b"), pdf("c"), pdf("d")], ownership: [pdf("deed.pdf")] })).toMatchObject({
      ok: false,
      error: { code: "hosting.too_many_documents" },
    });
    const ok = checkHostDocuments({ identity: [pdf("../../etc/id.pdf")], ownership: [pdf("deed.pdf")] });
    expect(ok.ok && ok.value.map((d) => [d.kind, d.name, d.mimeType])).toEqual([
      ["identity", "id.pdf", "application/pdf"],
      ["ownership", "deed.pdf", "application/pdf"],
    ]);
  });
});
