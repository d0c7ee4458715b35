// The role form on /admin/users/{id} (decision 0182): it offers student and agent, never admin,
// which only ADMIN_EMAILS gives; an admin still on that list gets a note instead of a form.
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { resources } from "~/i18next.server";
import { createTranslationStore, LanguageProvider, TranslationProvider, type Catalog } from "~/utils/translation";
import { UserRoleForm } from "~/components/admin/user-role-form";
import type { Role } from "#domain/accounts/account.entity";

const store = createTranslationStore(resources as Record<string, Catalog>);

async function render(element: () => ReactNode, language = "en"): Promise<string> {
  const handler = createStaticHandler([{ id: "page", path: "*", Component: () => element() }]);
  const context = await handler.query(new Request("http://localhost/admin/users/u1"));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToStaticMarkup(
    <TranslationProvider value={store}>
      <LanguageProvider value={language}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </LanguageProvider>
    </TranslationProvider>,
  );
}

const options = (html: string) => [...html.matchAll(/<option[^>]*value="([^"]+)"/g)].map((m) => m[1]);

describe("the user's role form", () => {
  it.each<Role>(["student", "agent", "admin"])("offers student and agent, never admin, to a %s", async (role) => {
    const html = await render(() => <UserRoleForm role={role} changeable />);
    expect(options(html)).toEqual(["student", "agent"]);
    expect(html).not.toContain('value="admin"');
    expect(html).toContain("only the ADMIN_EMAILS setting makes an admin");
    // An admin no longer listed is shown the role they would get, not a missing option.
    expect(html).toMatch(new RegExp(`<option value="${role === "admin" ? "student" : role}" selected=""`));
  });

  it("shows an admin still in ADMIN_EMAILS a note, and no form, in English and French", async () => {
    const html = await render(() => <UserRoleForm role="admin" changeable={false} />);
    expect(html).not.toContain("<form");
    expect(html).toContain("This admin&#x27;s address is in ADMIN_EMAILS");
    const french = await render(() => <UserRoleForm role="admin" changeable={false} />, "fr");
    expect(french).toContain("figure dans ADMIN_EMAILS");
  });
});
