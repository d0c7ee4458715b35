// Chooses the gateway from configuration, for the composition root.
import type { Kysely } from "kysely";
import type { PaymentGateway } from "#domain/payment/payment-gateway.port";
import type { Clock } from "#domain/shared/clock";
import type { Config } from "../config/config";
import type { Database } from "../db/schema";
import { FapshiPaymentGateway } from "./fapshi-payment-gateway";
import { SimulatedPaymentGateway } from "./simulated-payment-gateway";

export interface PaymentGatewayChoice {
  gateway: PaymentGateway;
  /** Set when the simulated provider is in use: the checkout page calls approve/decline/findCheckout. */
  simulated?: SimulatedPaymentGateway;
}

export function createPaymentGateway(
  config: Pick<Config, "appUrl" | "payments">,
  deps: {
    db: Kysely<Database>;
    clock?: Clock;
    onStatusChange?: (transId: string) => Promise<void>;
    onNotifyError?: (error: unknown, transId: string) => void;
  },
): PaymentGatewayChoice {
  const p = config.payments;
  if (p.provider === "fapshi") {
    if (!p.fapshi.apiUser || !p.fapshi.apiKey)
      throw new Error("FAPSHI_API_USER and FAPSHI_API_KEY are required when PAYMENT_PROVIDER=fapshi");
    return {
      gateway: new FapshiPaymentGateway({
        baseUrl: p.fapshi.baseUrl,
        apiUser: p.fapshi.apiUser,
        apiKey: p.fapshi.apiKey,
        appUrl: config.appUrl,
        directPay: p.fapshi.directPay,
      }),
    };
  }
  const simulated = new SimulatedPaymentGateway({
    db: deps.db,
    appUrl: config.appUrl,
    clock: deps.clock,
    onStatusChange: deps.onStatusChange,
    onNotifyError: deps.onNotifyError,
  });
  return { gateway: simulated, simulated };
}
