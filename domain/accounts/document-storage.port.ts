/**
 * Private file storage (agent documents and other uploads). Keys are paths such as
 * `agent-documents/<agent id>/<document id>.pdf`; adapters reject keys that could escape their root.
 */
export interface DocumentStorage {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<{ bytes: Uint8Array; contentType: string } | null>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
}
