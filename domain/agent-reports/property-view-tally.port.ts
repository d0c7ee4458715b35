/** How many times each listing was viewed per Buea calendar day (the agent's reports). */
export interface PropertyViewTally {
  /** The agent who lists the property, or null when there is no such property. */
  listingAgentOf(propertyId: string): Promise<string | null>;
  /** Adds one view to the property's count for `day` (YYYY-MM-DD, Buea). */
  addView(propertyId: string, day: string): Promise<void>;
}
