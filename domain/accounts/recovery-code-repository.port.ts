/** Two-step verification recovery codes, stored as SHA-256 hashes, each usable once. */
export interface RecoveryCodeRepository {
  replaceAll(userId: string, codes: { id: string; codeHash: string }[]): Promise<void>;
  /** Marks the code used; false when there is no unused code with that hash. */
  use(userId: string, codeHash: string, at: Date): Promise<boolean>;
  countUnused(userId: string): Promise<number>;
  deleteAll(userId: string): Promise<void>;
}
