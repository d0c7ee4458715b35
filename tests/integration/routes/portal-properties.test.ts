// The agent portal's property screens, through their loaders and actions on a real database:
// creating and editing (the material-change rule), status and availability, photos (the real
// pipeline: bytes checked, variants written), and ownership: another agent's property is a 404
// for every loader and action, and nothing changes.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as listRoute from "~/routes/agents+/properties";
import * as newRoute from "~/routes/agents+/new-property";
import * as editRoute from "~/routes/agents+/properties_.$id.edit";
import * as closeRoute from "~/routes/agents+/properties_.$id.close";
import * as deletePhotoRoute from "~/routes/agents+/properties_.$id.photos.$photoId.delete";
import { MAX_PHOTO_BYTES, MAX_RENT_XAF, MIN_RENT_XAF } from "#domain/property-management/managed-property.entity";
import { formMessage } from "~/utils/form-message";
import * as photoUploadRoute from "~/routes/agents+/properties_.$id.photo-upload";
import {
  createPersona,
  createRouteHarness,
  signedInJar,
  type CookieJar,
  type FormFields,
  type RouteHarness,
} from "../../support/route-harness";
import { databaseKinds } from "../../support/test-database";
import { validProperty } from "./portal-support";

const jpeg = async (w = 64, h = 48) =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: w, height: h, channels: 3, background: "#3a7" } })
          .jpeg()
          .toBuffer(),
      ),
    ],
    "room.jpg",
    { type: "image/jpeg" },
  );
const png = async () =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 40, height: 40, channels: 4, background: "#a37" } })
          .png()
          .toBuffer(),
      ),
    ],
    "room.png",
    { type: "image/png" },
  );

function storedFiles(h: RouteHarness): string[] {
  const dir = path.join(h.storageDir, "photos");
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

describe.each(databaseKinds())("agent portal properties (%s)", (kind) => {
  let h: RouteHarness;
  let owner: CookieJar;
  let other: CookieJar;
  let ownerId: string;

  beforeAll(async () => {
    h = await createRouteHarness({ kind });
    const a = await createPersona(h, "approvedAgent");
    ownerId = a.id;
    owner = await signedInJar(h, a.id);
    other = await signedInJar(h, (await createPersona(h, "approvedAgent")).id);
  }, 60_000);
  afterAll(() => h?.close());

  async function create(form: FormFields = validProperty): Promise<string> {
    const r = await h.post(newRoute, "/agents/new-property", form, { jar: owner });
    expect(r.status).toBe(302);
    const id = /\/agents\/properties\/([^/]+)\/edit/.exec(r.location ?? "")?.[1];
    expect(id).toBeTruthy();
    return decodeURIComponent(id!);
  }
  const row = (id: string) => h.database.db.selectFrom("properties").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const photoRows = (id: string) => h.database.db.selectFrom("photos").selectAll().where("owner_id", "=", id).orderBy("position").execute();
  const upload = (id: string, photo: File, jar = owner) =>
    h.post(editRoute, `/agents/properties/${id}/edit`, { intent: "add-photo", photo }, { jar, params: { id } });

  it("adds a property: unverified, available, every field stored, shown first in My Properties", async () => {
    const id = await create();
    const r = await row(id);
    expect(r).toMatchObject({
      agent_id: ownerId,
      title: "Self-contained studio near UB gate",
      property_type: "studio",
      monthly_rent: 35000,
      advance_months: 3,
      bathrooms: 1,
      toilet_inside: 1,
      shower_inside: 1,
      wifi: 0,
      is_verified: 0,
      status: "available",
      is_available: 1,
    });
    expect(JSON.parse(r.visiting_hours!)).toMatchObject({ days: ["mon", "wed", "sat"], from: "09:00", to: "16:00" });
    const list = await h.get(listRoute, "/agents/properties", { jar: owner });
    expect(list.status).toBe(200);
    expect(list.data.items[0]).toMatchObject({ id, isVerified: false, status: "available", views: 0, bookings: 0 });
    const edit = await h.get(editRoute, `/agents/properties/${id}/edit`, { jar: owner, params: { id } });
    expect(edit.data.property).toMatchObject({ isVerified: false });
  });

  it("refuses a bad form with a translated message per field and stores nothing", async () => {
    const before = (await h.database.db.selectFrom("properties").select("id").execute()).length;
    const r = await h.post(newRoute, "/agents/new-property", { ...validProperty, monthlyRent: "12", latitude: "48.85" }, { jar: owner });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.data.error)).toMatch(/monthly rent|coordinates/i);
    const typed = await h.post(
      newRoute,
      "/agents/new-property",
      { ...validProperty, monthlyRent: "lots" },
      { jar: owner, headers: { "Accept-Language": "fr" } },
    );
    expect(typed.status).toBe(400);
    expect(typed.data.error.monthlyRent).toEqual([formMessage("portal:errors.invalid_rent", { min: MIN_RENT_XAF, max: MAX_RENT_XAF })]);
    expect((await h.database.db.selectFrom("properties").select("id").execute()).length).toBe(before);
  });

  it("an edit of rent, type or address clears verification; wording alone keeps it", async () => {
    const id = await create();
    const verify = () => h.database.db.updateTable("properties").set({ is_verified: 1 }).where("id", "=", id).execute();
    await verify();
    const post = (form: FormFields) => h.post(editRoute, `/agents/properties/${id}/edit`, form, { jar: owner, params: { id } });
    let r = await post({ ...validProperty, title: "Renamed studio near the gate", wifi: "on" });
    expect(r.status).toBe(302);
    expect((await row(id)).is_verified).toBe(1);
    for (const change of [{ monthlyRent: "40000" }, { propertyType: "room" }, { address: "Opposite the chapel, Molyko" }]) {
      await verify();
      r = await post({ ...validProperty, ...change });
      expect(r.status).toBe(302);
      expect((await row(id)).is_verified).toBe(0);
    }
  });

  it("changes status in one click, confirms availability, and refuses to confirm a booked one", async () => {
    const id = await create();
    let r = await h.post(listRoute, "/agents/properties", { intent: "status", propertyId: id, status: "booked" }, { jar: owner });
    expect(r.status).toBe(302);
    expect(await row(id)).toMatchObject({ status: "booked", is_available: 0 });
    r = await h.post(listRoute, "/agents/properties", { intent: "confirm", propertyId: id }, { jar: owner });
    expect(r.status).toBe(400);
    await h.post(listRoute, "/agents/properties", { intent: "status", propertyId: id, status: "available" }, { jar: owner });
    await h.database.db
      .updateTable("properties")
      .set({ availability_confirmed_at: "2026-01-01T00:00:00.000Z" })
      .where("id", "=", id)
      .execute();
    r = await h.post(listRoute, "/agents/properties", { intent: "confirm", propertyId: id }, { jar: owner });
    expect(r.status).toBe(302);
    expect((await row(id)).availability_confirmed_at! > "2026-01-01T00:00:00.000Z").toBe(true);
    const close = await h.get(closeRoute, `/agents/properties/${id}/close?status=rented_out`, { jar: owner, params: { id } });
    expect(close.status).toBe(200);
    expect((await h.get(closeRoute, `/agents/properties/${id}/close?status=available`, { jar: owner, params: { id } })).status).toBe(404);
  });

  it("photos: JPEG and PNG stored as WebP variants, moved, made cover, deleted after the confirmation page", async () => {
    const id = await create();
    await h.database.db.updateTable("properties").set({ is_verified: 1 }).where("id", "=", id).execute();
    expect((await upload(id, await jpeg())).status).toBe(302);
    // A photo added to a verified listing keeps it verified (decision 0207).
    expect((await row(id)).is_verified).toBe(1);
    expect((await upload(id, await png())).status).toBe(302);
    const photos = await photoRows(id);
    expect(photos.map((p) => p.position)).toEqual([0, 1]);
    for (const p of photos) expect(fs.existsSync(path.join(h.storageDir, `${p.storage_key}-640.webp`))).toBe(true);

    await h.database.db.updateTable("properties").set({ is_verified: 1 }).where("id", "=", id).execute();
    expect(
      (await h.post(editRoute, "/x", { intent: "move-photo", photoId: photos[1].id, move: "cover" }, { jar: owner, params: { id } }))
        .status,
    ).toBe(302);
    expect((await photoRows(id)).map((p) => p.id)).toEqual([photos[1].id, photos[0].id]);
    expect((await row(id)).is_verified).toBe(1);

    const confirm = await h.get(deletePhotoRoute, "/x", { jar: owner, params: { id, photoId: photos[1].id } });
    expect(confirm.status).toBe(200);
    expect((await h.post(editRoute, "/x", { intent: "delete-photo", photoId: photos[1].id }, { jar: owner, params: { id } })).status).toBe(
      302,
    );
    expect((await photoRows(id)).map((p) => [p.id, p.position])).toEqual([[photos[0].id, 0]]);
    expect(fs.existsSync(path.join(h.storageDir, `${photos[1].storage_key}-640.webp`))).toBe(false);
    expect((await row(id)).is_verified).toBe(1);
  });

  it("saves with a neighbourhood and an address only: the neighbourhood's centre, approximate (decision 0205)", async () => {
    const { latitude: _lat, longitude: _lng, ...withoutPoint } = validProperty;
    const id = await create({ ...withoutPoint, neighbourhood: "Muea" });
    expect(await row(id)).toMatchObject({ latitude: 4.1762, longitude: 9.3248, location_approximate: 1 });
    const edit = await h.get(editRoute, `/agents/properties/${id}/edit`, { jar: owner, params: { id } });
    expect(edit.data.property.approximateDistance).toMatch(/km/);
    expect(edit.data.defaults).toMatchObject({ latitude: "", longitude: "" });
    // A point set later is stored exact; half a point is refused.
    const post = (form: FormFields) => h.post(editRoute, `/agents/properties/${id}/edit`, form, { jar: owner, params: { id } });
    expect((await post({ ...withoutPoint, neighbourhood: "Muea", latitude: "4.177" })).status).toBe(400);
    expect((await post({ ...withoutPoint, neighbourhood: "Muea", latitude: "4.177", longitude: "9.321" })).status).toBe(302);
    expect(await row(id)).toMatchObject({ latitude: 4.177, longitude: 9.321, location_approximate: 0 });
  });

  it("takes several photos in one post (without JavaScript), and one per post from the script", async () => {
    const id = await create();
    const form = new FormData();
    form.set("intent", "add-photo");
    form.append("photo", await jpeg());
    form.append("photo", await png());
    form.append("photo", await jpeg());
    const r = await h.post(editRoute, `/agents/properties/${id}/edit`, form, { jar: owner, params: { id } });
    expect(r.status).toBe(302);
    expect((await photoRows(id)).map((p) => p.position)).toEqual([0, 1, 2]);
    expect((await row(id)).is_verified).toBe(0);

    const one = new FormData();
    one.append("photo", await png());
    const answer = await h.post(photoUploadRoute, `/agents/properties/${id}/photo-upload`, one, { jar: owner, params: { id } });
    expect(answer.status).toBe(200);
    expect((await photoRows(id)).length).toBe(4);
    const two = new FormData();
    two.append("photo", await png());
    two.append("photo", await png());
    const refused = await h.post(photoUploadRoute, `/agents/properties/${id}/photo-upload`, two, { jar: owner, params: { id } });
    expect(refused.status).toBe(400);
    expect((await photoRows(id)).length).toBe(4);
  });

  describe("uploads that are refused leave nothing stored", () => {
    it.each([
      ["a script named .jpg", () => new File(["#!/bin/sh\nrm -rf /\n"], "cute.jpg", { type: "image/jpeg" }), "not a JPEG, PNG or WebP"],
      [
        "an oversized image",
        async () => {
          const bytes = new Uint8Array(MAX_PHOTO_BYTES + 1);
          bytes.set(new Uint8Array(await (await jpeg()).arrayBuffer()));
          return new File([bytes], "big.jpg", { type: "image/jpeg" });
        },
        "larger than 8 MB",
      ],
      [
        "a corrupt image",
        async () => {
          const good = new Uint8Array(await (await jpeg(200, 200)).arrayBuffer());
          return new File([good.slice(0, 40), new Uint8Array(500).fill(7)], "broken.jpg", { type: "image/jpeg" });
        },
        "damaged or cannot be read",
      ],
      ["an empty file", () => new File([], "empty.jpg", { type: "image/jpeg" }), "Choose a photo"],
    ])("%s", async (_what, make, message) => {
      const id = await create();
      const before = storedFiles(h).length;
      const r = await upload(id, await make());
      expect(r.status).toBe(400);
      expect(r.data.formError).toContain(message);
      expect(await photoRows(id)).toEqual([]);
      expect(storedFiles(h).length).toBe(before);
    });

    it("a failure halfway (the database write fails after the files were written) leaves no row and no file", async () => {
      const id = await create();
      const before = storedFiles(h);
      const uow = h.services.properties.uow;
      h.services.properties.uow = {
        run: (work) =>
          uow.run(async (repos) => {
            await work(repos);
            throw new Error("connection lost before commit");
          }),
      };
      try {
        await expect(upload(id, await jpeg())).rejects.toThrow("connection lost before commit");
      } finally {
        h.services.properties.uow = uow;
      }
      expect(await photoRows(id)).toEqual([]);
      expect(storedFiles(h)).toEqual(before);
    });
  });

  it("another agent gets a 404 from every loader and action on the property, and nothing changes", async () => {
    const id = await create();
    await upload(id, await jpeg());
    const [photo] = await photoRows(id);
    const snapshot = async () => ({ property: await row(id), photos: await photoRows(id), files: storedFiles(h) });
    const before = await snapshot();
    const params = { id };

    expect((await h.get(editRoute, "/x", { jar: other, params })).status).toBe(404);
    expect((await h.get(closeRoute, "/x?status=sold", { jar: other, params })).status).toBe(404);
    expect((await h.get(deletePhotoRoute, "/x", { jar: other, params: { id, photoId: photo.id } })).status).toBe(404);
    const list = await h.get(listRoute, "/agents/properties", { jar: other });
    expect(list.data.items.map((i: { id: string }) => i.id)).not.toContain(id);

    const attempts: [typeof listRoute | typeof editRoute, FormFields][] = [
      [listRoute, { intent: "status", propertyId: id, status: "sold" }],
      [listRoute, { intent: "confirm", propertyId: id }],
      [editRoute, { ...validProperty, title: "Taken over by someone else", monthlyRent: "1000" }],
      [editRoute, { intent: "add-photo", photo: await jpeg() }],
      [editRoute, { intent: "delete-photo", photoId: photo.id }],
      [editRoute, { intent: "move-photo", photoId: photo.id, move: "down" }],
    ];
    for (const [route, form] of attempts) {
      const r = await h.post(route, "/x", form, { jar: other, params });
      expect(r.status, JSON.stringify(form).slice(0, 80)).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
  });
});
