// Accounts under test: in-memory repositories, a clock the test moves, deterministic tokens and
// TOTP codes, and the real scrypt hasher at a low cost.
import type { AccountsDeps, AccountsSettings } from "#domain/accounts/accounts.deps";
import type { SecretTokens } from "#domain/accounts/secret-tokens.port";
import type { TotpAuthenticator } from "#domain/accounts/totp.port";
import {
  createInMemoryAccountRepos,
  InMemoryAccountsUnitOfWork,
  InMemoryDocumentStorage,
  InMemoryLoginAttemptRepository,
} from "#domain/accounts/in-memory-account-repositories";
import { signUp, type SignUpInput } from "#domain/accounts/sign-up.use-case";
import { confirmEmail } from "#domain/accounts/confirm-email.use-case";
import { FixedClock } from "#domain/shared/clock";
import { SequentialIds } from "#domain/shared/ids";
import { InMemoryMailer } from "#domain/shared/mailer.port";
import { ScryptPasswordHasher } from "#infrastructure/auth/scrypt-password-hasher";
import { defaultAccountEmails } from "#infrastructure/mail/default-account-emails";
import { CountingPublicPages } from "#domain/shared/public-pages.port";

export const fastHasher = () => new ScryptPasswordHasher({ N: 1024, r: 8, p: 1, keylen: 32 });

/** Tokens that count up; the "hash" is visibly different from the token so a leak shows. */
export class CountingSecretTokens implements SecretTokens {
  private n = 0;
  token() {
    this.n += 1;
    return `token${this.n}xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx`;
  }
  recoveryCode() {
    this.n += 1;
    return `rc${String(this.n).padStart(3, "0")}-abcde`;
  }
  hash(secret: string) {
    return `hashed(${secret})`;
  }
}

/** A TOTP whose code is a function of the secret and the 30 s step of the test clock. */
export class FakeTotp implements TotpAuthenticator {
  constructor(private readonly clock: FixedClock) {}
  generateSecret() {
    return "SECRETBASE32";
  }
  keyUri(accountName: string, secret: string) {
    return `otpauth://totp/KamerNest:${encodeURIComponent(accountName)}?secret=${secret}&issuer=KamerNest`;
  }
  codeAt(secret: string, at: number = this.clock.now().getTime()): string {
    const step = Math.floor(at / 30_000);
    let h = step;
    for (const ch of secret) h = (h * 31 + ch.charCodeAt(0)) % 1_000_000;
    return String(h).padStart(6, "0");
  }
  verify(code: string, secret: string) {
    const now = this.clock.now().getTime();
    return [-1, 0, 1].some((w) => this.codeAt(secret, now + w * 30_000) === code);
  }
  async qrSvg(text: string) {
    return `<svg data-text="${text}"></svg>`;
  }
}

export function createTestAccounts(settings: Partial<AccountsSettings> = {}) {
  const clock = new FixedClock(new Date("2026-11-22T08:00:00.000Z"));
  const repos = createInMemoryAccountRepos();
  const mailer = new InMemoryMailer();
  const storage = new InMemoryDocumentStorage();
  const loginAttempts = new InMemoryLoginAttemptRepository();
  const totp = new FakeTotp(clock);
  const secrets = new CountingSecretTokens();
  // The sign-in slowdown's waits, recorded instead of waited for.
  const pauses: number[] = [];
  const publicPages = new CountingPublicPages();
  const deps: AccountsDeps = {
    repos,
    uow: new InMemoryAccountsUnitOfWork(repos),
    loginAttempts,
    hasher: fastHasher(),
    secrets,
    totp,
    mailer,
    emails: defaultAccountEmails,
    storage,
    clock,
    ids: new SequentialIds("id"),
    settings: { appUrl: "https://kamernest.test", adminEmails: [], ...settings },
    pause: async (ms) => {
      pauses.push(ms);
    },
    publicPages,
  };
  return { deps, repos, clock, mailer, storage, loginAttempts, totp, secrets, pauses, publicPages };
}

export type TestAccounts = ReturnType<typeof createTestAccounts>;

export const validSignUp = (over: Partial<SignUpInput> = {}): SignUpInput => ({
  name: "Ngozi Tabe",
  email: "ngozi@example.cm",
  password: "secret1",
  agreeToTerms: true,
  agreeToPrivacy: true,
  ...over,
});

/** The token in the last link mailed to `to` for `path`. */
export function tokenFromMail(mailer: InMemoryMailer, to: string, path: string): string {
  const text = mailer.lastTo(to)?.text ?? "";
  const match = new RegExp(`${path.replace(/[/]/g, "\\/")}\\?token=([^\\s]+)`).exec(text);
  if (!match) throw new Error(`No ${path} link mailed to ${to}`);
  return decodeURIComponent(match[1]);
}

/** A confirmed account, ready to sign in. */
export async function confirmedAccount(t: TestAccounts, over: Partial<SignUpInput> = {}): Promise<string> {
  const input = validSignUp(over);
  const result = await signUp(t.deps, input);
  if (!result.ok) throw new Error(result.error.code);
  const token = tokenFromMail(t.mailer, String(input.email).trim().toLowerCase(), "/auth/confirm");
  const confirmed = await confirmEmail(t.deps, { token });
  if (!confirmed.ok) throw new Error(confirmed.error.code);
  return result.value.userId;
}
