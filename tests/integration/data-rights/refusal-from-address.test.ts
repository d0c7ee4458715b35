// /profile/data reads a refusal's code from its address (the download route answers with a file,
// so a refusal comes back as ?refused=<code>): only known codes, translated, with their status.
import { describe, expect, it } from "vitest";
import { downloadRefusedUrl, refusalFrom } from "~/utils/data-rights.server";

const page = (query: string, language = "en") =>
  new Request(`http://localhost/profile/data${query}`, { headers: { "Accept-Language": language } });

describe("refusalFrom", () => {
  it("names the refusal without its namespace", () => {
    expect(downloadRefusedUrl("data-rights.too_many_downloads")).toBe("/profile/data?refused=too_many_downloads");
  });

  it("translates a known refusal with its status", async () => {
    expect(await refusalFrom(page("?refused=wrong_password"))).toMatchObject({ status: 400, message: "Your password is not correct." });
    expect(await refusalFrom(page("?refused=too_many_downloads"))).toMatchObject({
      status: 429,
      message: "You can download your data 3 times an hour. Please try again later.",
    });
    expect(await refusalFrom(page("?refused=wrong_password", "fr"))).toMatchObject({ message: "Votre mot de passe n’est pas correct." });
  });

  it("ignores an unknown or missing code: the address is the visitor's to write", async () => {
    expect(await refusalFrom(page(""))).toBeNull();
    expect(await refusalFrom(page("?refused=%3Cscript%3E"))).toBeNull();
    expect(await refusalFrom(page("?refused=toString"))).toBeNull();
  });
});
