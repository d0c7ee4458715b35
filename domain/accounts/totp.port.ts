/** Time-based one-time passwords (RFC 6238), as shown by authenticator apps. */
export interface TotpAuthenticator {
  generateSecret(): string;
  /** The otpauth:// URL an authenticator app reads from the QR code. */
  keyUri(accountName: string, secret: string): string;
  /** True when the code is valid now, one 30 s step either side allowed. */
  verify(code: string, secret: string): boolean;
  /** The QR code of `text`, as an SVG document. */
  qrSvg(text: string): Promise<string>;
}
