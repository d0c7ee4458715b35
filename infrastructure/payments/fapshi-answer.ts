// How a Fapshi answer is read, for collections (fapshi-payment-gateway.ts) and payouts
// (fapshi-disbursements.ts) alike: a 5xx is the provider's failure, a 4xx its refusal with its own
// message, anything else must be JSON.
import { PaymentGatewayError } from "#domain/payment/payment-gateway.port";

/** The JSON body of a successful answer, or the typed error the status and body call for. */
export function readFapshiAnswer(method: string, path: string, response: Response, text: string): unknown {
  let json: unknown;
  try {
    json = text === "" ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (response.status >= 500)
    throw new PaymentGatewayError("server_error", `Fapshi ${method} ${path} answered ${response.status}`, response.status);
  if (response.status >= 400) {
    const message =
      typeof (json as { message?: unknown })?.message === "string" ? (json as { message: string }).message : response.statusText;
    throw new PaymentGatewayError("rejected", message || `HTTP ${response.status}`, response.status);
  }
  if (json === undefined)
    throw new PaymentGatewayError("invalid_response", `Fapshi ${method} ${path} did not answer JSON`, response.status);
  return json;
}
