/** Ids and human references are injected, never made inside a rule. */
export interface IdGenerator {
  /** A new unique id (a UUID in production). */
  id(): string;
}

export interface ReferenceGenerator {
  /** A short human reference with the given prefix, e.g. KN-7F3K9Q. */
  reference(prefix: string): string;
}

/** Ids that count up, so tests can predict them. */
export class SequentialIds implements IdGenerator, ReferenceGenerator {
  private n = 0;
  constructor(private readonly prefix = "id") {}
  id(): string {
    this.n += 1;
    return `${this.prefix}-${String(this.n).padStart(6, "0")}`;
  }
  reference(prefix: string): string {
    this.n += 1;
    return `${prefix}-${this.n.toString(36).toUpperCase().padStart(6, "0")}`;
  }
}
