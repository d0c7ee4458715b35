// The people in the demo: the six documented accounts, nine more approved agents, a few students
// who make the portals look used, and two more guest-house hosts. Every one of them signs in
// with DEMO_PASSWORD and has a confirmed e-mail.

export const DEMO_PASSWORD = "kamernest-demo";

export type DemoRole = "student" | "agent" | "admin";

export interface DemoAccount {
  role: DemoRole;
  description: string;
}

/** The accounts the README and the tests name, by e-mail. */
export const DEMO_ACCOUNTS = {
  "student@kamernest.test": { role: "student", description: "Student without a subscription and without bookings" },
  "subscriber@kamernest.test": { role: "student", description: "Student with an active subscription (ends in 10 days) and visit bookings" },
  "agent@kamernest.test": { role: "agent", description: "Approved agent (Ngwa Homes) with 10 listings, bookings, messages and reviews" },
  "pending-agent@kamernest.test": { role: "agent", description: "Agent whose verification is pending, business details filled in" },
  "host@kamernest.test": { role: "student", description: "Verified guest-house host with 3 guest houses" },
  "admin@kamernest.test": { role: "admin", description: "Administrator" },
} as const satisfies Record<string, DemoAccount>;

export type DemoAccountEmail = keyof typeof DEMO_ACCOUNTS;

export interface DemoPerson {
  /** Stable key for ids and references. */
  key: string;
  email: string;
  fullName: string;
  phone: string;
  role: DemoRole;
}

export interface DemoAgent extends DemoPerson {
  role: "agent";
  verification: "approved" | "pending";
  businessName: string;
  licenceNumber: string;
  specializations: string[];
  /** Where most of the agent's listings are; the first listing is always here. */
  home: string;
  address: string;
  websiteUrl: string | null;
  bio: string;
}

export const DEMO_STUDENT: DemoPerson = {
  key: "student",
  email: "student@kamernest.test",
  fullName: "Brenda Ayuk",
  phone: "+237670112233",
  role: "student",
};
export const DEMO_SUBSCRIBER: DemoPerson = {
  key: "subscriber",
  email: "subscriber@kamernest.test",
  fullName: "Emmanuel Tabi",
  phone: "+237677245810",
  role: "student",
};
export const DEMO_HOST: DemoPerson = {
  key: "host",
  email: "host@kamernest.test",
  fullName: "Grace Fon",
  phone: "+237675330918",
  role: "student",
};
export const DEMO_ADMIN: DemoPerson = {
  key: "admin",
  email: "admin@kamernest.test",
  fullName: "Joseph Ebai",
  phone: "+237699100200",
  role: "admin",
};

/** Students who booked, paid, reviewed and messaged before the demo starts. */
export const DEMO_OTHER_STUDENTS: DemoPerson[] = [
  { key: "sandra", email: "sandra.tanyi@kamernest.test", fullName: "Sandra Tanyi", phone: "+237678451203", role: "student" },
  { key: "blaise", email: "blaise.fon@kamernest.test", fullName: "Blaise Fon", phone: "+237681224576", role: "student" },
  { key: "precious", email: "precious.njoh@kamernest.test", fullName: "Precious Njoh", phone: "+237650987321", role: "student" },
  { key: "rodrigue", email: "rodrigue.mbah@kamernest.test", fullName: "Rodrigue Mbah", phone: "+237691456780", role: "student" },
  { key: "ashley", email: "ashley.ebai@kamernest.test", fullName: "Ashley Ebai", phone: "+237672318645", role: "student" },
  { key: "franck", email: "franck.eyong@kamernest.test", fullName: "Franck Eyong", phone: "+237694772015", role: "student" },
  { key: "vanessa", email: "vanessa.ngwa@kamernest.test", fullName: "Vanessa Ngwa", phone: "+237655603418", role: "student" },
  { key: "cyril", email: "cyril.ayuk@kamernest.test", fullName: "Cyril Ayuk", phone: "+237679880142", role: "student" },
];

/** Guest-house owners besides host@: one verified, one whose verification is still pending. */
export const DEMO_OTHER_HOSTS: Array<DemoPerson & { hostStatus: "verified" | "pending" }> = [
  {
    key: "comfort",
    email: "comfort.nkeng@kamernest.test",
    fullName: "Comfort Nkeng",
    phone: "+237677904512",
    role: "student",
    hostStatus: "verified",
  },
  { key: "eric", email: "eric.tabi@kamernest.test", fullName: "Eric Tabi", phone: "+237683115078", role: "student", hostStatus: "pending" },
];

const agent = (a: Omit<DemoAgent, "role">): DemoAgent => ({ ...a, role: "agent" });

/** Ten approved agents (agent@ first) and one pending. */
export const DEMO_AGENTS: DemoAgent[] = [
  agent({
    key: "agent",
    email: "agent@kamernest.test",
    fullName: "Clovis Ngwa",
    phone: "+237677812345",
    verification: "approved",
    businessName: "Ngwa Homes",
    licenceNumber: "SW/BU/2022/0147",
    specializations: ["student rooms", "studios", "mini-flats"],
    home: "Molyko",
    address: "Opposite Express Union, Malingo Street, Molyko, Buea",
    websiteUrl: "https://ngwahomes.example.cm",
    bio: "Buea-born agent working around the University of Buea since 2016. I visit every room before I list it and I never ask for money before a visit.",
  }),
  agent({
    key: "ayuk",
    email: "peter.ayuk@kamernest.test",
    fullName: "Peter Ayuk",
    phone: "+237675204418",
    verification: "approved",
    businessName: "Ayuk Properties",
    licenceNumber: "SW/BU/2021/0093",
    specializations: ["studios", "apartments"],
    home: "Bomaka",
    address: "Bomaka market junction, Buea",
    websiteUrl: null,
    bio: "Family business managing self-contained studios and flats in Bomaka and Molyko for landlords who live abroad.",
  }),
  agent({
    key: "tanyi",
    email: "stephen.tanyi@kamernest.test",
    fullName: "Stephen Tanyi",
    phone: "+237699318842",
    verification: "approved",
    businessName: "Tanyi & Sons Housing",
    licenceNumber: "SW/BU/2019/0031",
    specializations: ["family houses", "apartments"],
    home: "Great Soppo",
    address: "Great Soppo main road, Buea",
    websiteUrl: null,
    bio: "Houses and family apartments in Great Soppo and Bokwai for lecturers, civil servants and young families.",
  }),
  agent({
    key: "mbah",
    email: "linda.mbah@kamernest.test",
    fullName: "Linda Mbah",
    phone: "+237670554129",
    verification: "approved",
    businessName: "Mbah Realty",
    licenceNumber: "SW/BU/2023/0210",
    specializations: ["student rooms", "studios"],
    home: "Check Point",
    address: "Check Point junction, Molyko, Buea",
    websiteUrl: "https://mbahrealty.example.cm",
    bio: "Affordable rooms and studios five minutes from campus. Ask me about rooms for first-year students.",
  }),
  agent({
    key: "njoh",
    email: "francis.njoh@kamernest.test",
    fullName: "Francis Njoh",
    phone: "+237681907733",
    verification: "approved",
    businessName: "Njoh Student Lodges",
    licenceNumber: "SW/BU/2020/0158",
    specializations: ["student hostels", "student rooms"],
    home: "Bonduma",
    address: "Bonduma road, near the Presbyterian church, Buea",
    websiteUrl: null,
    bio: "I manage three student hostels (cités) in Bonduma with caretakers on site and prepaid meters in every room.",
  }),
  agent({
    key: "nkeng",
    email: "quinta.nkeng@kamernest.test",
    fullName: "Quinta Nkeng",
    phone: "+237694410286",
    verification: "approved",
    businessName: "Nkeng Estates",
    licenceNumber: "SW/BU/2021/0177",
    specializations: ["apartments", "studios"],
    home: "Mile 17",
    address: "Beside Mile 17 motor park, Buea",
    websiteUrl: null,
    bio: "Good-value studios and flats between Mile 17 and Molyko, close to transport to Limbe and Douala.",
  }),
  agent({
    key: "enow",
    email: "divine.enow@kamernest.test",
    fullName: "Divine Enow",
    phone: "+237652778014",
    verification: "approved",
    businessName: "Enow Housing Services",
    licenceNumber: "SW/BU/2022/0264",
    specializations: ["student rooms", "apartments"],
    home: "Sandpit",
    address: "Sandpit, behind the Total filling station, Buea",
    websiteUrl: null,
    bio: "Quiet rooms and flats in Sandpit for students who want to read in peace, a short bike ride from campus.",
  }),
  agent({
    key: "atem",
    email: "rita.atem@kamernest.test",
    fullName: "Rita Atem",
    phone: "+237676120957",
    verification: "approved",
    businessName: "Atem Homes",
    licenceNumber: "SW/BU/2018/0012",
    specializations: ["family houses", "furnished apartments"],
    home: "Clerks Quarters",
    address: "Clerks Quarters, near the Mountain Hotel, Buea",
    websiteUrl: "https://atemhomes.example.cm",
    bio: "Furnished apartments and houses in the cool, green upper town, for visiting lecturers, NGO staff and families.",
  }),
  agent({
    key: "mokube",
    email: "samuel.mokube@kamernest.test",
    fullName: "Samuel Mokube",
    phone: "+237690035671",
    verification: "approved",
    businessName: "Mokube Rentals",
    licenceNumber: "SW/BU/2020/0121",
    specializations: ["family houses", "apartments", "land"],
    home: "Bokwai",
    address: "Bokwai junction, Buea",
    websiteUrl: null,
    bio: "A Bakweri family agency in Bokwai for three generations: houses, flats and the occasional plot for sale.",
  }),
  agent({
    key: "etchu",
    email: "nadine.etchu@kamernest.test",
    fullName: "Nadine Etchu",
    phone: "+237673649920",
    verification: "approved",
    businessName: "Etchu Property Consult",
    licenceNumber: "SW/BU/2023/0302",
    specializations: ["student rooms", "studios", "houses"],
    home: "Muea",
    address: "Muea market, Buea",
    websiteUrl: null,
    bio: "The cheapest decent rooms in Buea are in Muea. I help students find them, with transport to campus in mind.",
  }),
];

export const DEMO_PENDING_AGENT: DemoAgent = agent({
  key: "pending-agent",
  email: "pending-agent@kamernest.test",
  fullName: "Mirabel Eyong",
  phone: "+237678003461",
  verification: "pending",
  businessName: "Eyong Realty Services",
  licenceNumber: "SW/BU/2025/0411",
  specializations: ["student rooms", "studios"],
  home: "Molyko",
  address: "Dirty South, Molyko, Buea",
  websiteUrl: null,
  bio: "New agency for student housing in Molyko. Verification documents submitted.",
});
