// Every kind of page the site serves, in one list: who asks for it (a visitor or a demo account of
// each role) and how it is reached (a path, a link followed from another page, a form sent, or a
// page the HTML check's setup makes: a checkout, a payment's result). The HTML check
// (scripts/html-check.ts) fetches each one in English and in French; the discovery pages' axe test
// (tests/e2e/discovery-a11y.spec.ts) audits those marked `group: "discovery"`. A new route's page
// belongs here.

/** Who asks: a visitor (signed out) or one of the demo accounts (README, "Demo accounts"). */
export type Role = "visitor" | "student" | "subscriber" | "agent" | "pendingAgent" | "host" | "admin";

export const DEMO_ACCOUNTS: Record<Exclude<Role, "visitor">, string> = {
  student: "student@kamernest.test",
  subscriber: "subscriber@kamernest.test",
  agent: "agent@kamernest.test",
  pendingAgent: "pending-agent@kamernest.test",
  host: "host@kamernest.test",
  admin: "admin@kamernest.test",
};
export const DEMO_PASSWORD = "kamernest-demo";

/** Pages the HTML check's setup makes before the list is fetched (a payment started, then approved). */
export type MadePage = "checkout" | "paymentResult";

export type PagePath =
  | string
  /**
   * On the page at `on`, the first URL it names (a link's href or a form's action) matching `link`,
   * opened; then the next pattern on that page, and so on.
   */
  | { on: string; link: RegExp | RegExp[] }
  /** On the page at `on`, the form whose action matches `form`, sent with its own fields and `fields`. */
  | { on: string; form: RegExp; fields: Record<string, string> }
  | { made: MadePage };

export interface PageType {
  name: string;
  as: Role;
  path: PagePath;
  /** The status the page answers with (200 unless said). */
  status?: number;
  group?: "discovery";
}

const UUID = "[0-9a-f-]{36}";
const id = (prefix: string, suffix = "") => new RegExp(`^${prefix}${UUID}${suffix}$`);

export const PAGE_TYPES: PageType[] = [
  // Visitors: discovery.
  { name: "home", as: "visitor", path: "/", group: "discovery" },
  { name: "listings", as: "visitor", path: "/listings", group: "discovery" },
  { name: "filtered listings", as: "visitor", path: "/listings?n=Molyko&max=40000", group: "discovery" },
  { name: "property", as: "visitor", path: { on: "/listings", link: id("/listings/") }, group: "discovery" },
  // A gallery's photo large without JavaScript (decision 0242): the link of the strip's second photo.
  { name: "property photo", as: "visitor", path: { on: "/listings", link: [id("/listings/"), id("/listings/", "\\?photo=2")] } },
  { name: "agents", as: "visitor", path: "/agents", group: "discovery" },
  { name: "top-rated agents", as: "visitor", path: "/agents/top-rated", group: "discovery" },
  { name: "agent profile", as: "visitor", path: { on: "/agents", link: id("/agent/") }, group: "discovery" },
  { name: "agents' landing", as: "visitor", path: "/agents/landing" },
  { name: "blog", as: "visitor", path: "/blog", group: "discovery" },
  { name: "blog post", as: "visitor", path: { on: "/blog", link: /^\/blog\/[a-z0-9-]+$/ }, group: "discovery" },
  { name: "guest houses", as: "visitor", path: "/guest-houses" },
  { name: "guest house", as: "visitor", path: { on: "/guest-houses", link: id("/guest-house/") } },
  {
    name: "guest house photo",
    as: "visitor",
    path: { on: "/guest-houses", link: [id("/guest-house/"), id("/guest-house/", "\\?photo=2")] },
  },
  { name: "contact", as: "visitor", path: "/contact", group: "discovery" },
  {
    name: "contact with errors",
    as: "visitor",
    path: { on: "/contact", form: /^\/contact$/, fields: { email: "not an e-mail" } },
    status: 400,
  },
  { name: "faq", as: "visitor", path: "/faq", group: "discovery" },
  { name: "terms", as: "visitor", path: "/terms", group: "discovery" },
  { name: "privacy", as: "visitor", path: "/privacy", group: "discovery" },
  { name: "agents' terms", as: "visitor", path: "/terms-agents", group: "discovery" },
  { name: "not found", as: "visitor", path: "/no-such-page", status: 404 },

  // Visitors: accounts.
  { name: "login", as: "visitor", path: "/auth/login" },
  {
    name: "login refused",
    as: "visitor",
    path: { on: "/auth/login", form: /^\/auth\/login/, fields: { email: "nobody@kamernest.test", password: "not-the-password" } },
    status: 400,
  },
  { name: "sign-up", as: "visitor", path: "/auth/signup" },
  {
    name: "sign-up with errors",
    as: "visitor",
    path: { on: "/auth/signup", form: /^\/auth\/signup/, fields: { email: "not an e-mail" } },
    status: 400,
  },
  { name: "forgot password", as: "visitor", path: "/auth/forgot-password" },
  { name: "reset password", as: "visitor", path: "/auth/reset-password" },
  { name: "e-mail confirmation", as: "visitor", path: "/auth/confirm" },
  { name: "sign-in required", as: "visitor", path: "/auth/required" },

  // Students.
  { name: "profile (new student)", as: "student", path: "/profile" },
  { name: "profile", as: "subscriber", path: "/profile" },
  { name: "two-factor set-up", as: "student", path: "/auth/two-factor" },
  { name: "messages", as: "subscriber", path: "/messages" },
  { name: "message thread", as: "subscriber", path: { on: "/messages", link: id("/messages\\?thread=") } },
  { name: "listing's own page", as: "subscriber", path: { on: "/profile", link: id("/property/") } },
  { name: "visit booking", as: "student", path: { on: "/listings", link: [id("/listings/"), id("/book-visit/")] } },
  { name: "booking payment", as: "student", path: "/payment" },
  { name: "no payment due", as: "subscriber", path: "/payment" },
  { name: "booking access", as: "student", path: "/subscription-payment" },
  {
    name: "booking access with errors",
    as: "student",
    path: { on: "/subscription-payment", form: /^\/subscription-payment$/, fields: { method: "mtn_momo", phone: "12" } },
    status: 400,
  },
  { name: "checkout (simulated)", as: "student", path: { made: "checkout" } },
  { name: "payment result", as: "student", path: { made: "paymentResult" } },
  { name: "cancel a visit", as: "subscriber", path: { on: "/profile", link: id("/profile/bookings/", "/cancel") } },
  { name: "move a visit", as: "subscriber", path: { on: "/profile", link: id("/profile/bookings/", "/reschedule") } },
  { name: "confirm a viewing", as: "subscriber", path: "/confirm-viewing" },
  { name: "guest-house booking", as: "student", path: { on: "/guest-houses", link: [id("/guest-house/"), id("/guest-house-booking/")] } },
  { name: "guest-house access", as: "student", path: "/guest-house-payment" },
  { name: "become a host", as: "student", path: "/host" },
  { name: "test payment (demo)", as: "student", path: "/test-payment" },
  { name: "test booking (demo)", as: "student", path: "/test-booking" },
  { name: "payment debug (demo)", as: "student", path: "/test-payment-debug" },

  // Agents.
  { name: "agent verification", as: "pendingAgent", path: "/auth/agent-verification" },
  { name: "agent portal refused", as: "pendingAgent", path: "/agents/unauthorized" },
  { name: "agent's bookings", as: "agent", path: "/agents/bookings" },
  { name: "decline a visit", as: "agent", path: { on: "/agents/bookings", link: id("/agents/bookings/", "/decline") } },
  { name: "propose a time", as: "agent", path: { on: "/agents/bookings", link: id("/agents/bookings/", "/propose") } },
  { name: "agent's properties", as: "agent", path: "/agents/properties" },
  { name: "new property", as: "agent", path: "/agents/new-property" },
  { name: "edit a property", as: "agent", path: { on: "/agents/properties", link: id("/agents/properties/", "/edit") } },
  {
    name: "close a property",
    as: "agent",
    path: { on: "/agents/properties", link: id("/agents/properties/", "/close\\?status=rented_out") },
  },
  { name: "agent's messages", as: "agent", path: "/agents/messages" },
  { name: "agent's message thread", as: "agent", path: { on: "/agents/messages", link: id("/agents/messages\\?thread=") } },
  { name: "agent's earnings", as: "agent", path: "/agents/earnings" },
  { name: "agent's reports", as: "agent", path: "/agents/reports" },
  { name: "agent's business profile", as: "agent", path: "/agents/profile" },
  { name: "admin refused", as: "agent", path: "/admin/unauthorized" },

  // Hosts.
  { name: "host's houses", as: "host", path: "/host" },
  { name: "host's booking attempts", as: "host", path: "/host/bookings" },
  { name: "host verification", as: "host", path: "/host/verification" },
  { name: "new guest house", as: "host", path: "/host/new-house" },
  { name: "edit a guest house", as: "host", path: { on: "/host", link: id("/host/houses/", "/edit") } },

  // Admins.
  { name: "admin dashboard", as: "admin", path: "/admin/dashboard" },
  { name: "agent verifications", as: "admin", path: "/admin/agent-verification" },
  { name: "host verifications", as: "admin", path: "/admin/agent-verification?tab=hosts" },
  { name: "host review", as: "admin", path: { on: "/admin/agent-verification?tab=hosts", link: id("/admin/host-verification/") } },
  { name: "users", as: "admin", path: "/admin/users" },
  { name: "user", as: "admin", path: { on: "/admin/users", link: id("/admin/users/") } },
  { name: "suspend a user", as: "admin", path: { on: "/admin/users", link: [id("/admin/users/"), id("/admin/users/", "/suspend")] } },
  { name: "admin properties", as: "admin", path: "/admin/properties" },
  { name: "admin property edit", as: "admin", path: { on: "/admin/properties", link: id("/admin/properties/", "/edit") } },
  { name: "hide a property", as: "admin", path: { on: "/admin/properties", link: id("/admin/properties/", "/hide") } },
  { name: "listing reports", as: "admin", path: "/admin/listing-reports" },
  { name: "uphold a report", as: "admin", path: { on: "/admin/listing-reports", link: id("/admin/listing-reports/", "/uphold") } },
  { name: "admin bookings", as: "admin", path: "/admin/bookings" },
  { name: "cancel a booking (admin)", as: "admin", path: { on: "/admin/bookings", link: id("/admin/bookings/", "/cancel(\\?.*)?") } },
  { name: "payments", as: "admin", path: "/admin/payments" },
  { name: "payment", as: "admin", path: { on: "/admin/payments", link: id("/admin/payments/") } },
  { name: "data rights", as: "admin", path: "/admin/data-rights" },
  // A successful payment's page, with its refund section, and the refund's confirmation page.
  {
    name: "successful payment",
    as: "admin",
    path: { on: "/admin/payments?status=successful", link: id("/admin/payments/") },
  },
  {
    name: "refund a payment",
    as: "admin",
    path: { on: "/admin/payments?status=successful", link: [id("/admin/payments/"), id("/admin/payments/", "/refund")] },
  },
  { name: "admin payouts", as: "admin", path: "/admin/payouts" },
  { name: "admin reports", as: "admin", path: "/admin/reports" },
  { name: "void a commission", as: "admin", path: { on: "/admin/reports", link: id("/admin/reports/void/") } },
  { name: "content", as: "admin", path: "/admin/content" },
  { name: "new post", as: "admin", path: "/admin/content/posts/new" },
  { name: "edit a post", as: "admin", path: { on: "/admin/content", link: id("/admin/content/posts/") } },
  {
    name: "delete a post",
    as: "admin",
    path: { on: "/admin/content", link: [id("/admin/content/posts/"), id("/admin/content/posts/", "/delete")] },
  },
  { name: "faq editor", as: "admin", path: "/admin/content/faq" },
  { name: "edit a question", as: "admin", path: { on: "/admin/content/faq", link: /^\/admin\/content\/faq\/[\w-]+$/ } },
  { name: "delete a question", as: "admin", path: { on: "/admin/content/faq", link: /^\/admin\/content\/faq\/[\w-]+\/delete$/ } },
  { name: "legal pages", as: "admin", path: "/admin/content/legal" },
  { name: "edit a legal page", as: "admin", path: { on: "/admin/content/legal", link: /^\/admin\/content\/legal\/[\w-]+$/ } },
  { name: "e-mail outbox", as: "admin", path: "/admin/outbox" },
  { name: "audit log", as: "admin", path: "/admin/audit" },
];
