import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NEIGHBOURHOOD_CENTRES, NEIGHBOURHOODS, distanceToCampusMetres } from "#domain/listings/buea";
import { BUEA_BOUNDS, campusDistanceOf, isInBuea, locateListing } from "#domain/listings/listing-location";

describe("locateListing (decision 0205)", () => {
  it("without a map point, stands at the neighbourhood's centre, approximate", () => {
    for (const n of NEIGHBOURHOODS) {
      expect(locateListing(n, { latitude: null, longitude: null })).toEqual({ ...NEIGHBOURHOOD_CENTRES[n], approximate: true });
    }
  });

  it("every neighbourhood's centre lies around Buea", () => {
    for (const n of NEIGHBOURHOODS) expect(isInBuea(NEIGHBOURHOOD_CENTRES[n])).toBe(true);
  });

  it("keeps a point set on the map, exact", () => {
    expect(locateListing("Bomaka", { latitude: 4.15, longitude: 9.3 })).toEqual({ latitude: 4.15, longitude: 9.3, approximate: false });
  });

  it.each([
    [{ latitude: 4.15, longitude: null }],
    [{ latitude: null, longitude: 9.29 }],
    [{ latitude: -4.15, longitude: 9.29 }],
    [{ latitude: 4.15, longitude: 92.9 }],
    [{ latitude: Number.NaN, longitude: 9.29 }],
    [{ latitude: 4.15, longitude: Number.POSITIVE_INFINITY }],
  ])("refuses half a point or one far from Buea: %j", (point) => {
    expect(locateListing("Molyko", point)).toBeNull();
  });

  it("refuses a neighbourhood that is not one of ours", () => {
    expect(locateListing("Paris", { latitude: null, longitude: null })).toBeNull();
  });

  it("any point inside the bounds is kept as given", () => {
    fc.assert(
      fc.property(
        fc.double({ min: BUEA_BOUNDS.minLatitude, max: BUEA_BOUNDS.maxLatitude, noNaN: true }),
        fc.double({ min: BUEA_BOUNDS.minLongitude, max: BUEA_BOUNDS.maxLongitude, noNaN: true }),
        (latitude, longitude) => {
          expect(locateListing("Muea", { latitude, longitude })).toEqual({ latitude, longitude, approximate: false });
        },
      ),
    );
  });

  it("the distance to the main gate is worked out from the centre when there is no point", () => {
    const where = locateListing("Muea", { latitude: null, longitude: null })!;
    expect(campusDistanceOf(where)).toBe(distanceToCampusMetres(NEIGHBOURHOOD_CENTRES.Muea));
    expect(campusDistanceOf(where)).toBeGreaterThan(3000);
  });
});
