// The visitor's field lengths, for the booking form's markup as well as its schema
// (booking-schema.ts): the page imports this module, so it carries no Zod (decision 0144).
export const VISITOR_NAME_MAX = 100;
export const VISITOR_EMAIL_MAX = 254;
export const VISITOR_PHONE_MAX = 30;
