import type { ContactMessage } from "./contact-message.entity";

export interface ContactMessageStore {
  save(message: ContactMessage): Promise<void>;
}

/** How many contact messages came recently from this address and from this IP. */
export interface ContactRateLimit {
  recentSubmissions(query: { email: string; ip: string | null; since: Date }): Promise<{ byEmail: number; byIp: number }>;
}
