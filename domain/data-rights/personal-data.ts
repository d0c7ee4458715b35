// What we hold about one person, as plain JSON-able rows (decision 0216). The reader fills it from
// every module's tables; nothing in it names or identifies another person: a counterpart is
// described by their role (and a listing's title), never by their name, e-mail, phone or id.

export type ExportValue = string | number | boolean | null;
export type ExportRow = Record<string, ExportValue>;

/** The sections of the file, in the order they appear. */
export const PERSONAL_DATA_SECTIONS = [
  "wishlist",
  "viewHistory",
  "searchHistory",
  "savedSearches",
  "bookings",
  "payments",
  "refunds",
  "subscriptions",
  "platformAccess",
  "messagesSent",
  "messagesReceived",
  "reviewsWritten",
  "reviewsReceived",
  "reportsFiled",
  "guestHouseAttempts",
  "agentProfile",
  "agentDocuments",
  "listings",
  "earnings",
  "payouts",
  "payoutNumber",
  "guestHouses",
  "hostVerifications",
] as const;

export type PersonalDataSection = (typeof PERSONAL_DATA_SECTIONS)[number];

export interface PersonalData {
  account: ExportRow;
  preferences: ExportRow;
  sections: Record<PersonalDataSection, ExportRow[]>;
}

/**
 * Reads everything held about one person. Each section holds at most `maxRows + 1` rows, so the
 * caller can tell a section was cut (the file's size stays bounded whatever the history).
 * Null when the account does not exist.
 */
export interface PersonalDataReader {
  read(userId: string, maxRows: number): Promise<PersonalData | null>;
}
