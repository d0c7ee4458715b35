import type { AccountRepos, AccountsDeps } from "./accounts.deps";
import { TOKEN_LIFETIME_MS, type EmailToken, type TokenPurpose } from "./email-token.entity";

/** Creates a single-use token; returns the raw value (for the link) — only its hash is stored. */
export async function issueToken(
  deps: Pick<AccountsDeps, "secrets" | "clock" | "ids">,
  repos: Pick<AccountRepos, "emailTokens">,
  userId: string,
  purpose: TokenPurpose,
): Promise<string> {
  const raw = deps.secrets.token();
  const now = deps.clock.now();
  await repos.emailTokens.insert({
    id: deps.ids.id(),
    userId,
    purpose,
    tokenHash: deps.secrets.hash(raw),
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]),
    usedAt: null,
    createdAt: now,
  });
  return raw;
}

export type TokenCheck = { ok: true; token: EmailToken } | { ok: false; reason: "invalid" | "expired" };

/** Finds a usable token of that purpose; does not consume it. */
export async function findUsableToken(
  deps: Pick<AccountsDeps, "secrets" | "clock">,
  repos: Pick<AccountRepos, "emailTokens">,
  raw: string | undefined | null,
  purpose: TokenPurpose,
): Promise<TokenCheck> {
  if (!raw) return { ok: false, reason: "invalid" };
  const token = await repos.emailTokens.findByHash(deps.secrets.hash(raw));
  if (!token || token.purpose !== purpose || token.usedAt) return { ok: false, reason: "invalid" };
  if (deps.clock.now() >= token.expiresAt) return { ok: false, reason: "expired" };
  return { ok: true, token };
}

export function link(appUrl: string, path: string, token: string): string {
  return `${appUrl}${path}?token=${encodeURIComponent(token)}`;
}
