// The agent forms' choices, for the browser as well as the schemas (auth-schemas.ts): a page that
// imports them does not carry Zod (issue 12, decision 0144).

export const MAX_DOCUMENTS = 5;

/** The specialisations an agent may tick; stored as given. */
export const SPECIALIZATIONS = ["student_rooms", "studios", "apartments", "family_houses", "guest_houses", "land_and_sales"] as const;
