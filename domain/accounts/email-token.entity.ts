import { HOUR_MS, MINUTE_MS } from "../shared/clock";

// One table for every single-use secret link or step: e-mail confirmation, password reset and the
// pending second step of a login. Only the SHA-256 of the token is stored.
export type TokenPurpose = "confirm_email" | "reset_password" | "login_totp";

export interface EmailToken {
  id: string;
  userId: string;
  purpose: TokenPurpose;
  tokenHash: string;
  expiresAt: Date;
  usedAt: Date | null;
  createdAt: Date;
}

export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  confirm_email: 24 * HOUR_MS,
  reset_password: HOUR_MS,
  login_totp: 5 * MINUTE_MS,
};
