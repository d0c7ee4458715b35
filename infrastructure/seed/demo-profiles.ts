// Rows for the demo people: profiles, agent records and host verifications.
import type { Insertable } from "kysely";
import type { AgentsTable, HostVerificationsTable, ProfilesTable } from "../db/schema";
import { DAY_MS } from "#domain/shared/clock";
import {
  DEMO_ADMIN,
  DEMO_AGENTS,
  DEMO_HOST,
  DEMO_OTHER_HOSTS,
  DEMO_OTHER_STUDENTS,
  DEMO_PENDING_AGENT,
  DEMO_STUDENT,
  DEMO_SUBSCRIBER,
  type DemoAgent,
  type DemoPerson,
} from "./demo-people";
import { demoId } from "./prng";

export interface DemoProfiles {
  profiles: Array<Insertable<ProfilesTable>>;
  agents: Array<Insertable<AgentsTable>>;
  hostVerifications: Array<Insertable<HostVerificationsTable>>;
}

export const profileIdOf = (person: { key: string }): string => demoId("profile", person.key);

/** Everyone, in a stable order: the documented accounts first. */
export const ALL_DEMO_PEOPLE: DemoPerson[] = [
  DEMO_STUDENT,
  DEMO_SUBSCRIBER,
  DEMO_AGENTS[0],
  DEMO_PENDING_AGENT,
  DEMO_HOST,
  DEMO_ADMIN,
  ...DEMO_AGENTS.slice(1),
  ...DEMO_OTHER_STUDENTS,
  ...DEMO_OTHER_HOSTS,
];

export function buildDemoProfiles(passwordHash: string, now: Date): DemoProfiles {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
  // Accounts were opened between four months and two weeks ago, in list order.
  const profiles = ALL_DEMO_PEOPLE.map((person, i): Insertable<ProfilesTable> => {
    const createdAt = daysAgo(120 - i * 4);
    return {
      id: profileIdOf(person),
      role: person.role,
      full_name: person.fullName,
      email: person.email,
      phone: person.phone,
      password_hash: passwordHash,
      email_confirmed_at: createdAt,
      google_id: null,
      totp_secret: null,
      totp_enabled_at: null,
      created_at: createdAt,
      updated_at: createdAt,
    };
  });

  const agentRow = (a: DemoAgent, i: number): Insertable<AgentsTable> => {
    const approved = a.verification === "approved";
    const submittedDaysAgo = approved ? 110 - i * 3 : 2;
    return {
      user_id: profileIdOf(a),
      verification_status: a.verification,
      business_name: a.businessName,
      license_number: a.licenceNumber,
      specializations: JSON.stringify(a.specializations),
      commission_rate: 5,
      business_phone: a.phone,
      business_email: `contact@${a.businessName.toLowerCase().replace(/[^a-z]+/g, "")}.example.cm`,
      business_address: a.address,
      website_url: a.websiteUrl,
      bio: a.bio,
      rejection_reason: null,
      submitted_at: daysAgo(submittedDaysAgo),
      reviewed_at: approved ? daysAgo(submittedDaysAgo - 1) : null,
      payout_schedule: "weekly",
      terms_accepted_at: daysAgo(submittedDaysAgo),
      created_at: daysAgo(submittedDaysAgo),
    };
  };
  const agents = [...DEMO_AGENTS, DEMO_PENDING_AGENT].map(agentRow);

  const hostVerifications: Array<Insertable<HostVerificationsTable>> = [
    { person: DEMO_HOST, status: "verified" as const, submittedDaysAgo: 60 },
    ...DEMO_OTHER_HOSTS.map((h) => ({ person: h, status: h.hostStatus, submittedDaysAgo: h.hostStatus === "verified" ? 45 : 3 })),
  ].map(({ person, status, submittedDaysAgo }) => ({
    id: demoId("host-verification", person.key),
    host_id: profileIdOf(person),
    status,
    documents: "[]",
    submitted_at: daysAgo(submittedDaysAgo),
    reviewed_at: status === "verified" ? daysAgo(submittedDaysAgo - 2) : null,
  }));

  return { profiles, agents, hostVerifications };
}
