// A public site that runs as the demo (ALLOW_PUBLIC_DEMO=true) says so on every page: the root
// loader, which every page goes through, carries the flag the layout shows the banner for.
import { describe, expect, it } from "vitest";
import * as root from "~/root";
import { createRouteHarness } from "../../support/route-harness";
import en from "../../../public/locales/en/common.json";
import fr from "../../../public/locales/fr/common.json";

describe("the public demo banner", () => {
  it("is on for a public site that runs as the demo, off for the local demo", async () => {
    const publicDemo = await createRouteHarness({ env: { APP_URL: "https://demo.kamernest.cm", ALLOW_PUBLIC_DEMO: "true" } });
    const local = await createRouteHarness();
    try {
      expect((await publicDemo.get(root, "/")).data.publicDemo).toBe(true);
      expect((await local.get(root, "/")).data.publicDemo).toBe(false);
    } finally {
      await publicDemo.close();
      await local.close();
    }
  });

  it("is translated", () => {
    expect(en.publicDemo.banner).toMatch(/Demo site/);
    expect(fr.publicDemo.banner).toMatch(/Site de démonstration/);
  });
});
