// The bookings list of the agent portal (issue 33): no " · " left dangling when a part is missing
// (a visitor without a phone, a booking with no lifecycle line).
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { resources } from "~/i18next.server";
import { createTranslationStore, LanguageProvider, TranslationProvider, type Catalog } from "~/utils/translation";
import { AgentBookingsList } from "~/components/booking/agent-bookings";
import type { AgentBookingView } from "#domain/payment/money-views-reader.port";

const store = createTranslationStore(resources as Record<string, Catalog>);

async function render(element: () => ReactNode): Promise<string> {
  const handler = createStaticHandler([{ id: "page", path: "*", Component: () => element() }]);
  const context = await handler.query(new Request("http://localhost/agents/bookings"));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToStaticMarkup(
    <TranslationProvider value={store}>
      <LanguageProvider value="en">
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </LanguageProvider>
    </TranslationProvider>,
  );
}

const booking = (over: Partial<AgentBookingView>): AgentBookingView => ({
  id: "b1",
  reference: "BK-1",
  propertyId: "p1",
  propertyTitle: "Studio",
  visitorName: "Ada",
  visitorEmail: "ada@example.cm",
  visitorPhone: "+237677000000",
  visitDate: "2026-12-02",
  visitTime: "10:00 AM",
  message: "",
  bookingStatus: "pending",
  paymentStatus: "pending",
  viewingOutcome: null,
  agentResponse: "awaiting",
  proposedVisitDate: null,
  proposedVisitTime: null,
  cancelledBy: null,
  cancelReason: null,
  createdAt: "2026-12-01T08:00:00.000Z",
  ...over,
});

/** The text of every <dd>, tags dropped. */
const cells = (html: string) => [...html.matchAll(/<dd[^>]*>(.*?)<\/dd>/gs)].map((m) => m[1].replace(/<[^>]+>/g, "").trim());

describe("the agent's bookings list", () => {
  it("ends no line with a separator", async () => {
    const html = await render(() => (
      <AgentBookingsList
        bookings={[booking({ visitorPhone: "" }), booking({ id: "b2", reference: "BK-2", visitorEmail: "" })]}
        back="/agents/bookings"
        today="2026-12-01"
      />
    ));
    const texts = cells(html);
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) {
      expect(text).not.toMatch(/·\s*$/);
      expect(text).not.toMatch(/^\s*·/);
      expect(text).not.toMatch(/·\s*·/);
    }
    expect(texts).toContain("Ada · ada@example.cm");
    // Numbers written one way (issue 32): +237 6XX XX XX XX with no-break spaces.
    expect(texts).toContain("Ada · +237\u00a0677\u00a000\u00a000\u00a000");
  });
});
