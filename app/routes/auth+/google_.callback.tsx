import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { signInGreeting } from "~/utils/sign-in-greeting";
import { loginWithGoogle } from "#domain/accounts/login-with-google.use-case";
import { AuthCard, FormAlert } from "~/components/forms/form-fields";
import { titleMeta } from "~/utils/page-title";
import { TotpStepForm } from "~/components/auth/totp-step-form";
import { i18next } from "~/i18next.server";
import { commitUserSession } from "~/utils/auth.server";
import { describeDomainError } from "~/utils/domain-errors.server";
import { getLanguage } from "~/utils/preferences.server";
import { askedPage, signInLanding } from "~/utils/sign-in-landing.server";
import { getGoogleAuth, type GoogleIdentity } from "./google.server";
import { constraintsOf } from "~/utils/constraints.server";
import { totpLoginSchema } from "~/components/auth/auth-schemas";

export const handle = { i18n: ["auth"] };
export const meta = titleMeta;

// Google sends the person back here with a code; remix-auth checks the state and fetches the profile.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const google = getGoogleAuth(context.services);
  if (!google) throw new Response("Not Found", { status: 404 });
  const t = await i18next.getFixedT(request, "auth");
  // The page asked for when the sign-in started, or "": then the same landing as a password
  // sign-in (an approved agent's portal, a host's area: signInLanding, decision 0208).
  const redirectTo = askedPage((await google.returnTo.parse(request.headers.get("Cookie"))) as string | null);
  const clear = new Headers();
  clear.append("Set-Cookie", await google.returnTo.serialize("", { maxAge: 0 }));
  clear.append("Set-Cookie", await google.stateStorage.destroySession(await google.stateStorage.getSession(request.headers.get("Cookie"))));

  let identity: GoogleIdentity;
  try {
    identity = await google.authenticator.authenticate("google", request);
  } catch (thrown) {
    if (thrown instanceof Response) throw thrown;
    // Refused consent, a wrong state, an unreachable provider: one message, details in the log.
    context.services.log.warn({ err: thrown }, "Google sign-in failed");
    return data({ title: t("google.title"), error: t("errors.google_failed"), totp: null }, { status: 400, headers: clear });
  }

  try {
    const response = await finishGoogleSignIn(context, request, identity, redirectTo, t);
    if (!(response instanceof Response)) return data(response.body, { ...response.init, headers: clear });
    for (const cookie of clear.getSetCookie()) response.headers.append("Set-Cookie", cookie);
    return response;
  } catch (thrown) {
    if (thrown instanceof Response) throw thrown;
    // A failure of ours (not Google's): the spec's Google message instead of a 500 page.
    context.services.log.error({ err: thrown }, "Google sign-in failed unexpectedly");
    return data({ title: t("google.title"), error: t("errors.google_failed"), totp: null }, { status: 500, headers: clear });
  }
}

async function finishGoogleSignIn(
  context: LoaderFunctionArgs["context"],
  request: Request,
  identity: GoogleIdentity,
  redirectTo: string,
  t: (key: string) => string,
) {
  const result = await loginWithGoogle(context.services.accounts, {
    ...identity,
    userAgent: request.headers.get("User-Agent"),
    language: await getLanguage(request),
  });
  if (!result.ok) {
    const error = await describeDomainError(request, result.error);
    return { body: { title: t("google.title"), error: error.message, totp: null }, init: { status: error.status } };
  }
  if (result.value.status === "totp_required") {
    return {
      body: {
        title: t("google.title"),
        error: null,
        totp: { pendingLoginToken: result.value.pendingLoginToken, redirectTo, constraint: constraintsOf(totpLoginSchema) },
      },
      init: {},
    };
  }
  const landing = await signInLanding(context, result.value.sessionId, redirectTo);
  return commitUserSession(context, request, { sessionId: result.value.sessionId, expiresAt: result.value.sessionExpiresAt }, landing, {
    kind: "success",
    ...signInGreeting(result.value),
  });
}

export default function GoogleCallbackPage() {
  const { t } = useTranslation("auth");
  const loaderData = useLoaderData<typeof loader>();
  if ("totp" in loaderData && loaderData.totp) {
    return (
      <AuthCard title={t("login.totpTitle")}>
        <TotpStepForm
          pendingLoginToken={loaderData.totp.pendingLoginToken}
          redirectTo={loaderData.totp.redirectTo}
          constraint={loaderData.totp.constraint}
        />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("google.title")}>
      <FormAlert errors={"error" in loaderData && loaderData.error ? [loaderData.error] : null} />
      <p className="mt-4 text-sm">
        <Link to="/auth/login" className="link">
          {t("google.backToLogin")}
        </Link>
      </p>
    </AuthCard>
  );
}
