// Debian's Chromium as the browser tests (playwright.config.ts) and the benchmark's 2G run launch
// it: there is no internet here, so Playwright never downloads a browser.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
