import { randomInt, randomUUID } from "node:crypto";
import type { IdGenerator, ReferenceGenerator } from "#domain/shared/ids";
import { makeReference } from "#domain/booking/booking-reference";

/** Production ids (UUIDs) and human references (KN-7F3K9Q) from the system's secure random source. */
export const cryptoIds: IdGenerator & ReferenceGenerator = {
  id: () => randomUUID(),
  reference: (prefix: string) => makeReference(prefix, (max) => randomInt(max)),
};
