// "Molyko · 600 m from the UB main gate" for a listing, said to be approximate when its map point is
// its neighbourhood's centre rather than one its agent set (domain/listings/listing-location.ts).
import type { TFunction } from "~/utils/translation";
import { formatDistance } from "~/utils/format";

export function listingWhere(
  t: TFunction,
  property: { neighbourhood: string; distanceToCampusM: number; locationApproximate: boolean },
  language: string,
): string {
  return t(property.locationApproximate ? "listings:card.whereApproximate" : "listings:card.where", {
    neighbourhood: property.neighbourhood,
    distance: formatDistance(property.distanceToCampusM, language),
  });
}
