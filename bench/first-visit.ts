// npx tsx bench/first-visit.ts <url> [<url> ...]
// A first visit on a slow phone connection (300 ms round trip, 1.6 Mbit/s down, 750 kbit/s up,
// fresh cache): the time from navigation until the page has hydrated (root's data-hydrated), median
// of 7 per URL, in Debian's Chromium. Decision 0193 measured the locale chunks' round trip with it.
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/lib/chromium";

const RUNS = 7;

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
for (const url of process.argv.slice(2)) {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 300,
      downloadThroughput: 1.6e6 / 8,
      uploadThroughput: 0.75e6 / 8,
    });
    const start = performance.now();
    await page.goto(url, { waitUntil: "commit" });
    await page.waitForSelector("html[data-hydrated=true]", { timeout: 60_000 });
    times.push(Math.round(performance.now() - start));
    await context.close();
  }
  times.sort((a, b) => a - b);
  console.log(`${url}: hydrated after ${times[Math.floor(RUNS / 2)]} ms (median of ${RUNS}; ${times.join(" ")})`);
}
await browser.close();
