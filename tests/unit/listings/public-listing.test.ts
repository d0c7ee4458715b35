import { describe, expect, it } from "vitest";
import { listingIsPublishable, needsPhotoToPublish } from "#domain/listings/public-listing";

describe("a listing's own half of the public rule", () => {
  it("is publishable with a photo and not hidden", () => {
    expect(listingIsPublishable({ hidden: false, photoCount: 1 })).toBe(true);
    expect(listingIsPublishable({ hidden: false, photoCount: 10 })).toBe(true);
  });

  it("waits for its first photo, and again once its last photo is deleted", () => {
    expect(needsPhotoToPublish(0)).toBe(true);
    expect(needsPhotoToPublish(1)).toBe(false);
    expect(listingIsPublishable({ hidden: false, photoCount: 0 })).toBe(false);
  });

  it("is never publishable while an admin hides it", () => {
    expect(listingIsPublishable({ hidden: true, photoCount: 3 })).toBe(false);
  });
});
