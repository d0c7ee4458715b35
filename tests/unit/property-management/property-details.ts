// A valid property's details for the property-management unit tests (not a test file).
import type { PropertyDetails } from "#domain/property-management/managed-property.entity";

export const details = (over: Partial<PropertyDetails> = {}): PropertyDetails => ({
  title: "Studio near the main gate",
  description: "Tiled, quiet",
  propertyType: "studio",
  monthlyRent: 35_000,
  advanceMonths: 3,
  neighbourhood: "Molyko",
  address: "Behind Total, Molyko",
  latitude: 4.1532,
  longitude: 9.2905,
  locationApproximate: false,
  bedrooms: 1,
  bathrooms: 1,
  amenities: {
    furnished: true,
    toiletInside: true,
    showerInside: true,
    waterSupply: true,
    prepaidMeter: false,
    wifi: false,
    security: true,
    parking: false,
  },
  visitingHours: null,
  ...over,
});
