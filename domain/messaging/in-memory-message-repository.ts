import type { UnitOfWork } from "../shared/transaction";
import type { Message, NoticeLanguage, Participant, Thread } from "./message.entity";
import type { MessageRepository, MessagingRepos, ThreadSummary } from "./message-repository.port";

interface State {
  properties: Map<string, { id: string; agentId: string; title: string; hidden: boolean }>;
  names: Map<string, string>;
  contacts: Map<string, { email: string; language: NoticeLanguage }>;
  /** `${threadId}:${side}` → when that side was last sent a notice. */
  notifiedAt: Map<string, Date>;
  threads: Thread[];
  messages: Message[];
}

const newestMessage = (a: Message, b: Message) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id);

export class InMemoryMessageRepository implements MessageRepository {
  state: State = { properties: new Map(), names: new Map(), contacts: new Map(), notifiedAt: new Map(), threads: [], messages: [] };

  putProperty(p: { id: string; agentId: string; title?: string; hidden?: boolean }): void {
    this.state.properties.set(p.id, { id: p.id, agentId: p.agentId, title: p.title ?? p.id, hidden: p.hidden ?? false });
  }

  putName(userId: string, name: string): void {
    this.state.names.set(userId, name);
  }

  /** A user a notice can reach: name, e-mail and preferred language. */
  putPerson(userId: string, person: { name: string; email: string; language?: NoticeLanguage }): void {
    this.state.names.set(userId, person.name);
    this.state.contacts.set(userId, { email: person.email, language: person.language ?? "en" });
  }

  async findContactableProperty(propertyId: string): Promise<{ id: string; agentId: string; title: string } | null> {
    const p = this.state.properties.get(propertyId);
    return p && !p.hidden ? { id: p.id, agentId: p.agentId, title: p.title } : null;
  }

  async findOrCreateThread(candidate: Thread): Promise<Thread> {
    const existing = this.state.threads.find(
      (t) => t.studentId === candidate.studentId && t.agentId === candidate.agentId && t.propertyId === candidate.propertyId,
    );
    if (existing) return { ...existing };
    this.state.threads.push({ ...candidate });
    return { ...candidate };
  }

  async findThread(threadId: string): Promise<Thread | null> {
    const t = this.state.threads.find((x) => x.id === threadId);
    return t ? { ...t } : null;
  }

  async addMessage(message: Message): Promise<void> {
    this.state.messages.push({ ...message });
    const t = this.state.threads.find((x) => x.id === message.threadId);
    if (t && message.createdAt > t.lastMessageAt) t.lastMessageAt = message.createdAt;
  }

  private summary(t: Thread, viewerId: string): ThreadSummary {
    const mine = this.state.messages.filter((m) => m.threadId === t.id).sort(newestMessage);
    const last = mine[0];
    return {
      ...t,
      propertyTitle: t.propertyId ? (this.state.properties.get(t.propertyId)?.title ?? null) : null,
      studentName: this.state.names.get(t.studentId) ?? "",
      agentName: this.state.names.get(t.agentId) ?? "",
      lastMessage: last ? { body: last.body, senderId: last.senderId, createdAt: last.createdAt } : null,
      unreadCount: mine.filter((m) => m.senderId !== viewerId && m.readAt === null).length,
    };
  }

  async listThreadsFor(viewerId: string): Promise<ThreadSummary[]> {
    return this.state.threads
      .filter((t) => t.studentId === viewerId || t.agentId === viewerId)
      .sort((a, b) => b.lastMessageAt.getTime() - a.lastMessageAt.getTime() || b.id.localeCompare(a.id))
      .map((t) => this.summary(t, viewerId));
  }

  async findThreadSummary(threadId: string, viewerId: string): Promise<ThreadSummary | null> {
    const t = this.state.threads.find((x) => x.id === threadId);
    return t ? this.summary(t, viewerId) : null;
  }

  async listMessages(threadId: string): Promise<Message[]> {
    return this.state.messages
      .filter((m) => m.threadId === threadId)
      .sort((a, b) => -newestMessage(a, b))
      .map((m) => ({ ...m }));
  }

  async markRead(threadId: string, readerId: string, at: Date): Promise<void> {
    for (const m of this.state.messages) {
      if (m.threadId === threadId && m.senderId !== readerId && m.readAt === null) m.readAt = at;
    }
  }

  async unreadCount(userId: string): Promise<number> {
    const threads = new Set(this.state.threads.filter((t) => t.studentId === userId || t.agentId === userId).map((t) => t.id));
    return this.state.messages.filter((m) => threads.has(m.threadId) && m.senderId !== userId && m.readAt === null).length;
  }

  async findParticipant(userId: string): Promise<Participant | null> {
    const contact = this.state.contacts.get(userId);
    if (!contact) return null;
    const name = this.state.names.get(userId)?.trim() || contact.email.split("@")[0];
    return { id: userId, name, email: contact.email, language: contact.language };
  }

  async claimNotice(threadId: string, side: "student" | "agent", at: Date, notBefore: Date): Promise<boolean> {
    if (!this.state.threads.some((t) => t.id === threadId)) return false;
    const key = `${threadId}:${side}`;
    const last = this.state.notifiedAt.get(key);
    if (last && last > notBefore) return false;
    this.state.notifiedAt.set(key, new Date(at));
    return true;
  }
}

/** A thrown error inside the work restores the state from before, like a rolled back transaction. */
export class InMemoryMessagingUnitOfWork implements UnitOfWork<MessagingRepos> {
  constructor(readonly messages: InMemoryMessageRepository) {}
  async run<T>(work: (repos: MessagingRepos) => Promise<T>): Promise<T> {
    const before = structuredClone(this.messages.state);
    try {
      return await work({ messages: this.messages });
    } catch (e) {
      this.messages.state = before;
      throw e;
    }
  }
}
