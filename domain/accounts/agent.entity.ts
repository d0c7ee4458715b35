import type { AgentStatus } from "./account.entity";

export interface AgentProfile {
  userId: string;
  status: AgentStatus;
  businessName: string | null;
  licenseNumber: string | null;
  specializations: string[];
  commissionRate: number;
  businessPhone: string | null;
  businessEmail: string | null;
  businessAddress: string | null;
  websiteUrl: string | null;
  rejectionReason: string | null;
  submittedAt: Date | null;
  reviewedAt: Date | null;
  /** How earned commission is paid out: always "weekly" for now (SPEC §9); set by the platform. */
  payoutSchedule: string;
  /** When the agent accepted the agent terms (/terms-agents), or null when not yet. */
  termsAcceptedAt: Date | null;
  createdAt: Date;
}

/** The business fields of an agent: sent for verification, and later edited by an approved agent. */
export interface AgentVerificationDetails {
  businessName: string;
  licenseNumber: string;
  specializations: string[];
  businessPhone: string;
  businessEmail: string;
  businessAddress: string;
  websiteUrl: string | null;
}

export interface AgentDocument {
  id: string;
  agentId: string;
  storageKey: string;
  originalName: string;
  mimeType: DocumentMimeType;
  sizeBytes: number;
  createdAt: Date;
}

export type DocumentMimeType = "application/pdf" | "image/jpeg" | "image/png";

export const DEFAULT_COMMISSION_RATE = 5;
export const DEFAULT_PAYOUT_SCHEDULE = "weekly";
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;

/** The file type from its first bytes: a renamed .exe stays an .exe whatever its name says. */
export function detectDocumentType(bytes: Uint8Array): DocumentMimeType | null {
  const starts = (sig: number[]) => bytes.length >= sig.length && sig.every((b, i) => bytes[i] === b);
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return "application/pdf"; // %PDF-
  if (starts([0xff, 0xd8, 0xff])) return "image/jpeg";
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  return null;
}

export const DOCUMENT_EXTENSION: Record<DocumentMimeType, string> = {
  "application/pdf": "pdf",
  "image/jpeg": "jpg",
  "image/png": "png",
};
