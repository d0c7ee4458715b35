import { authenticator } from "otplib";
import QRCode from "qrcode";
import type { TotpAuthenticator } from "#domain/accounts/totp.port";
import { TOTP_ISSUER } from "#domain/accounts/totp-enrolment.use-case";

// A private instance: otplib's `authenticator` is a shared singleton and others may set options.
const totp = authenticator.clone({ window: 1, step: 30, digits: 6 });

export class OtplibTotpAuthenticator implements TotpAuthenticator {
  /** `now` lets tests move time; production reads the system clock. */
  constructor(private readonly now: () => number = Date.now) {}

  generateSecret(): string {
    return totp.generateSecret(20);
  }
  keyUri(accountName: string, secret: string): string {
    return totp.keyuri(accountName, TOTP_ISSUER, secret);
  }
  verify(code: string, secret: string): boolean {
    try {
      return totp.clone({ epoch: this.now() }).check(code, secret);
    } catch {
      // A malformed secret (from a tampered enrolment form) is just a wrong code.
      return false;
    }
  }
  /** The code for `at`, for tests and the demo seed. */
  generate(secret: string, at: number = this.now()): string {
    return totp.clone({ epoch: at }).generate(secret);
  }
  qrSvg(text: string): Promise<string> {
    return QRCode.toString(text, { type: "svg", errorCorrectionLevel: "M", margin: 1 });
  }
}
