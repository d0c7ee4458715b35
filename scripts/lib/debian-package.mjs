// Installs a Debian package for a check that needs its program (nginx, chromium, sqlmap): the
// machine reaches Debian's packages, and a fresh one has none of these. Plain JavaScript so that
// scripts/test.mjs can use it without tsx; the TypeScript scripts import it too.
import { spawnSync } from "node:child_process";

/**
 * `apt-get update` then `apt-get install -y PACKAGE`, through sudo when not root, output shown.
 * @param {string} pkg
 * @returns {boolean} whether both succeeded
 */
export function installDebianPackage(pkg) {
  const sudo = process.getuid?.() === 0 ? [] : ["sudo"];
  const aptGet = (/** @type {string[]} */ args) =>
    spawnSync(sudo[0] ?? "apt-get", [...(sudo.length ? ["apt-get"] : []), ...args], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    }).status === 0;
  return aptGet(["update", "-qq"]) && aptGet(["install", "-y", "-qq", pkg]);
}
