// An upload that fails midway leaves no orphan row and no orphan object, on both storages and
// every database: the storage fails after some variants were put (no row; the variants already
// put are removed), or the database write fails after every object was put (objects removed).
// The same for an agent's documents.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as editRoute from "~/routes/agents+/properties_.$id.edit";
import * as newRoute from "~/routes/agents+/new-property";
import { submitAgentVerification } from "#domain/accounts/submit-agent-verification.use-case";
import { PhotoFileStore } from "#infrastructure/photos/photo-file-store";
import { createPersona, createRouteHarness, signedInJar, type CookieJar, type RouteHarness } from "../../support/route-harness";
import { databaseKinds } from "../../support/test-database";
import { validProperty } from "../routes/portal-support";
import { FailingStorage, openStorage, STORAGE_KINDS, type StorageFixture } from "./storage-kinds";

const kinds = STORAGE_KINDS.flatMap((storage) => databaseKinds().map((database) => [storage, database] as const));

describe.each(kinds)("an upload that fails midway (%s storage, %s)", (storageKind, databaseKind) => {
  let fx: StorageFixture;
  let h: RouteHarness;
  let agent: CookieJar;
  let agentId: string;
  let propertyId: string;
  let photo: File;

  beforeAll(async () => {
    fx = await openStorage(storageKind);
    h = await createRouteHarness({ kind: databaseKind, env: fx.env });
    agentId = (await createPersona(h, "approvedAgent")).id;
    agent = await signedInJar(h, agentId);
    const created = await h.post(newRoute, "/agents/new-property", validProperty, { jar: agent });
    propertyId = decodeURIComponent(/\/agents\/properties\/([^/]+)\/edit/.exec(created.location ?? "")![1]!);
    const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#a62" } })
      .jpeg()
      .toBuffer();
    photo = new File([new Uint8Array(jpeg)], "room.jpg", { type: "image/jpeg" });
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    await fx?.close();
  });

  const upload = () =>
    h.post(editRoute, `/agents/properties/${propertyId}/edit`, { intent: "add-photo", photo }, { jar: agent, params: { id: propertyId } });
  const photoRows = () => h.database.db.selectFrom("photos").select("storage_key").where("owner_id", "=", propertyId).execute();
  const objects = () => fx.files.photos.list("photos/");

  /** Runs `work` with some of the properties module's ports replaced, as the route sees them. */
  async function withPorts(ports: Partial<typeof h.services.properties>, work: () => Promise<unknown>) {
    const saved = { ...h.services.properties };
    Object.assign(h.services.properties, ports);
    try {
      return await work();
    } finally {
      Object.assign(h.services.properties, saved);
    }
  }

  it("the storage fails after two variants were put: no row, and the two are removed", async () => {
    const storage = new FailingStorage(fx.files.photos, 3);
    const failed = await withPorts({ photos: new PhotoFileStore(storage) }, upload).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(Error);
    expect((failed as Error).message).toBe("storage failed on put 3");
    expect(await photoRows()).toEqual([]);
    expect(await objects()).toEqual([]);
  });

  it("the database write fails after every variant was put: the transaction rolls back and the objects are removed", async () => {
    const realUow = h.services.properties.uow;
    // The insert runs inside the real transaction; then the commit "fails".
    const failingUow: typeof realUow = {
      run: (work) =>
        realUow.run(async (repos) => {
          await work(repos);
          throw new Error("connection lost before commit");
        }),
    };
    const failed = await withPorts({ uow: failingUow }, upload).catch((e: unknown) => e);
    expect((failed as Error).message).toBe("connection lost before commit");
    expect(await photoRows()).toEqual([]);
    expect(await objects()).toEqual([]);
  });

  it("after both failures an upload works and leaves exactly its row and its four objects", async () => {
    expect((await upload()).status).toBe(302);
    const rows = await photoRows();
    expect(rows).toHaveLength(1);
    expect(await objects()).toEqual(["-1024.webp", "-320.webp", "-640.jpg", "-640.webp"].map((s) => `${rows[0]!.storage_key}${s}`));
  });

  it("an agent's documents: the second put fails, the first document is removed and no row is written", async () => {
    const student = (await createPersona(h, "student")).id;
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a]);
    const storage = new FailingStorage(fx.files.documents, 2);
    const failed = await submitAgentVerification(
      { ...h.services.accounts, storage },
      {
        userId: student,
        verification: {
          businessName: "Buea Homes",
          licenseNumber: "LIC-1",
          specializations: ["rooms"],
          businessPhone: "677001122",
          businessEmail: "office@bueahomes.cm",
          businessAddress: "Molyko",
          documents: [
            { name: "licence.pdf", bytes: pdf },
            { name: "id.pdf", bytes: pdf },
          ],
        },
      },
    ).catch((e: unknown) => e);
    expect((failed as Error).message).toBe("storage failed on put 2");
    expect(await h.database.db.selectFrom("agent_documents").select("id").where("agent_id", "=", student).execute()).toEqual([]);
    expect(await fx.files.documents.list(`agent-documents/`)).toEqual([]);
  });
});
