import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  AMENITIES,
  LISTING_SORTS,
  NEAR_CAMPUS_OPTIONS_M,
  emptyListingSearch,
  listingSearchToParams,
  parseListingSearch,
  type ListingSearchCriteria,
} from "#domain/listings/listing-search";
import { NEIGHBOURHOODS, PROPERTY_TYPES } from "#domain/listings/buea";

const parse = (query: string) => parseListingSearch(new URLSearchParams(query));

describe("parseListingSearch", () => {
  it("gives the default search for an empty query", () => {
    expect(parse("")).toEqual(emptyListingSearch());
    expect(parse("").sort).toBe("newest");
    expect(parse("").page).toBe(1);
  });

  it("reads several neighbourhoods, matched case-insensitively, in the town's order, unknown ones dropped", () => {
    expect(parse("n=bomaka&n=Molyko&n=Paris&n=molyko").neighbourhoods).toEqual(["Molyko", "Bomaka"]);
    expect(parse("n=Great%20Soppo").neighbourhoods).toEqual(["Great Soppo"]);
  });

  it("reads rent bounds in FCFA, tolerating spaces and separators, dropping junk", () => {
    expect(parse("min=20000&max=40%20000")).toMatchObject({ minRent: 20000, maxRent: 40000 });
    expect(parse("max=40,000").maxRent).toBe(40000);
    expect(parse("min=-5&max=abc")).toMatchObject({ minRent: null, maxRent: null });
    expect(parse("max=99999999999").maxRent).toBeNull();
    expect(parse("min=0").minRent).toBeNull();
  });

  it("swaps rent bounds typed the wrong way round", () => {
    expect(parse("min=50000&max=20000")).toMatchObject({ minRent: 20000, maxRent: 50000 });
  });

  it("takes the first valid value of a repeated single parameter", () => {
    expect(parse("max=abc&max=30000&max=10000").maxRent).toBe(30000);
  });

  it("reads several property types, unknown ones dropped", () => {
    expect(parse("type=studio&type=room&type=castle").propertyTypes).toEqual(["room", "studio"]);
  });

  it("reads a minimum bedroom count between 1 and 10", () => {
    expect(parse("beds=2").minBedrooms).toBe(2);
    expect(parse("beds=0").minBedrooms).toBeNull();
    expect(parse("beds=11").minBedrooms).toBeNull();
    expect(parse("beds=1.5").minBedrooms).toBeNull();
  });

  it("reads each amenity flag by its URL name, from links (=1) and plain checkboxes (=on)", () => {
    expect(parse("furnished=1&toilet=on&shower=true&water=1&meter=1&wifi=1&security=1&parking=1").amenities).toEqual([...AMENITIES]);
    expect(parse("toilet=1").amenities).toEqual(["toiletInside"]);
    expect(parse("meter=1").amenities).toEqual(["prepaidMeter"]);
    expect(parse("wifi=0&parking=no&security=").amenities).toEqual([]);
  });

  it("accepts only the offered distances to the main gate", () => {
    for (const near of NEAR_CAMPUS_OPTIONS_M) expect(parse(`near=${near}`).maxDistanceM).toBe(near);
    expect(parse("near=750").maxDistanceM).toBeNull();
    expect(parse("near=far").maxDistanceM).toBeNull();
  });

  it("reads verified only and available only", () => {
    expect(parse("verified=1&available=1")).toMatchObject({ verifiedOnly: true, availableOnly: true });
    expect(parse("verified=0")).toMatchObject({ verifiedOnly: false, availableOnly: false });
  });

  it("trims and single-spaces the keyword, drops an empty one, cuts a long one", () => {
    expect(parse("q=%20%20self%20%20contained%20").keyword).toBe("self contained");
    expect(parse("q=%20%20").keyword).toBeNull();
    expect(parse(`q=${"a".repeat(300)}`).keyword).toHaveLength(100);
  });

  it("reads each sort and falls back to newest", () => {
    for (const sort of LISTING_SORTS) expect(parse(`sort=${sort}`).sort).toBe(sort);
    expect(parse("sort=random").sort).toBe("newest");
  });

  it("reads the page, falling back to 1 for junk", () => {
    expect(parse("page=3").page).toBe(3);
    for (const junk of ["0", "-1", "two", "2.5", "100000"]) expect(parse(`page=${junk}`).page).toBe(1);
  });
});

describe("listingSearchToParams", () => {
  it("writes nothing for the default search", () => {
    expect(listingSearchToParams(emptyListingSearch()).toString()).toBe("");
  });

  it("writes parameters in one stable order whatever order they came in", () => {
    const a = parse("page=2&sort=price_asc&wifi=1&toilet=1&n=Bomaka&n=Molyko&max=40000&q=studio&type=studio&type=room");
    const b = parse("q=studio&type=room&n=Molyko&toilet=1&max=40000&type=studio&wifi=1&n=Bomaka&sort=price_asc&page=2");
    const url = listingSearchToParams(a).toString();
    expect(url).toBe(listingSearchToParams(b).toString());
    expect(url).toBe("q=studio&n=Molyko&n=Bomaka&type=room&type=studio&max=40000&toilet=1&wifi=1&sort=price_asc&page=2");
  });

  it("makes pagination links that differ only by page", () => {
    const criteria = parse("n=Molyko&near=1000");
    expect(listingSearchToParams({ ...criteria, page: 2 }).toString()).toBe("n=Molyko&near=1000&page=2");
  });

  it("round-trips every valid search through the URL", () => {
    const criteria = fc.record<ListingSearchCriteria>({
      neighbourhoods: fc.subarray([...NEIGHBOURHOODS]),
      minRent: fc.option(fc.integer({ min: 1, max: 50_000 }), { nil: null }),
      maxRent: fc.option(fc.integer({ min: 50_000, max: 10_000_000 }), { nil: null }),
      propertyTypes: fc.subarray([...PROPERTY_TYPES]),
      minBedrooms: fc.option(fc.integer({ min: 1, max: 10 }), { nil: null }),
      amenities: fc.subarray([...AMENITIES]),
      maxDistanceM: fc.option(fc.constantFrom(...NEAR_CAMPUS_OPTIONS_M), { nil: null }),
      verifiedOnly: fc.boolean(),
      availableOnly: fc.boolean(),
      keyword: fc.option(fc.stringMatching(/^[a-z%_]+( [a-z%_]+)?$/), { nil: null }),
      sort: fc.constantFrom(...LISTING_SORTS),
      page: fc.integer({ min: 1, max: 1000 }),
    });
    fc.assert(
      fc.property(criteria, (c) => {
        expect(parseListingSearch(listingSearchToParams(c))).toEqual(c);
      }),
    );
  });
});
