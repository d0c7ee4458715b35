import { getFormProps, useForm, type SubmissionResult } from "~/utils/form";
import { parseWithZod } from "@conform-to/zod";
import { constraintsOf } from "~/utils/constraints.server";
import {
  data,
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler as createMemoryUploadHandler,
  unstable_parseMultipartFormData as parseMultipartFormData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type UploadHandler,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Form, Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import type { z } from "zod";
import { MAX_DOCUMENT_BYTES } from "#domain/accounts/agent.entity";
import { submitAgentVerification } from "#domain/accounts/submit-agent-verification.use-case";
import { agentVerificationSchema } from "~/components/auth/auth-schemas";
import { MAX_DOCUMENTS } from "~/components/auth/agent-fields";
import { AuthCard, ErrorList, FormAlert } from "~/components/forms/form-fields";
import { BusinessDetailsFields } from "~/components/auth/business-details-fields";
import { titleMeta } from "~/utils/page-title";
import { i18next } from "~/i18next.server";
import { requireAgent } from "~/utils/auth.server";
import { replyWithDomainError } from "~/utils/domain-errors.server";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["auth"] };
export const meta = titleMeta;

// Agents only, approved or not: this is where an agent becomes verified (SPEC §6).
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAgent(context, request, { allowUnverified: true });
  const t = await i18next.getFixedT(request, "auth");
  const agent = await context.services.accounts.repos.agents.findByUserId(user.id);
  return {
    title: t("verification.title"),
    constraint: constraintsOf(agentVerificationSchema),
    status: agent?.status ?? "unsubmitted",
    rejectionReason: agent?.rejectionReason ?? null,
    // A pending or rejected agent corrects the last submission rather than retyping it.
    submitted: agent?.submittedAt
      ? {
          businessName: agent.businessName ?? "",
          licenseNumber: agent.licenseNumber ?? "",
          specializations: agent.specializations,
          businessPhone: agent.businessPhone ?? "",
          businessEmail: agent.businessEmail ?? "",
          businessAddress: agent.businessAddress ?? "",
          websiteUrl: agent.websiteUrl ?? "",
        }
      : null,
  };
}

class TooManyFilesError extends Error {}
const TEXT_PART_MAX_BYTES = 10_000;

/**
 * Files in memory, each at most 5 MB and at most MAX_DOCUMENTS of them; text fields at most
 * 10 kB. Anything bigger stops the parse at once instead of filling the memory.
 */
function uploadHandler(): UploadHandler {
  let files = 0;
  const fileHandler = createMemoryUploadHandler({ maxPartSize: MAX_DOCUMENT_BYTES });
  const textHandler = createMemoryUploadHandler({ maxPartSize: TEXT_PART_MAX_BYTES });
  return async (part) => {
    if (typeof part.filename !== "string") return textHandler(part);
    // An untouched file input sends an empty part without a name: not a document.
    if (part.filename === "") return textHandler({ ...part, filename: undefined });
    files += 1;
    if (files > MAX_DOCUMENTS) throw new TooManyFilesError();
    return fileHandler(part);
  };
}

const fieldError = (field: string, message: string): SubmissionResult<string[]> => ({ status: "error", error: { [field]: [message] } });

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAgent(context, request, { allowUnverified: true });
  let formData: FormData;
  try {
    formData = await parseMultipartFormData(request, uploadHandler());
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return data(fieldError("documents", "auth:errors.document_too_large"), { status: 400 });
    if (error instanceof TooManyFilesError) return data(fieldError("documents", "auth:errors.too_many_documents"), { status: 400 });
    // Not multipart/form-data at all, or a broken body (a TypeError, or a plain Error such as
    // "malformed multipart-form data: unexpected end of stream"): the parse only reads the
    // request into memory, so any other failure is the body's too. Found by bodies-fuzz.
    return data(fieldError("", "auth:errors.bad_form"), { status: 400 });
  }
  const submission = parseWithZod(formData, { schema: agentVerificationSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { documents, ...details } = submission.value;
  const result = await submitAgentVerification(context.services.accounts, {
    userId: user.id,
    verification: {
      ...details,
      websiteUrl: details.websiteUrl ?? null,
      documents: await Promise.all(documents.map(async (file) => ({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) }))),
    },
  });
  if (!result.ok) return replyWithDomainError(request, submission, result.error);
  return redirectWithToast(context, request, "/auth/agent-verification", { kind: "success", title: "auth:toasts.verificationSubmitted" });
}

export default function AgentVerificationPage() {
  const { t } = useTranslation("auth");
  const { status, rejectionReason, submitted } = useLoaderData<typeof loader>();

  if (status === "approved") {
    return (
      <AuthCard title={t("verification.title")} intro={t("verification.approved")}>
        <Link to="/agents/properties" className="btn-primary">
          {t("verification.toPortal")}
        </Link>
      </AuthCard>
    );
  }
  if (status === "pending") {
    return (
      <AuthCard title={t("verification.title")}>
        <p role="status" className="rounded-md bg-brand-50 p-3 text-brand-800 dark:bg-slate-800 dark:text-brand-100">
          {t("verification.pending")}
        </p>
        <p className="my-4 text-sm">{t("verification.pendingCanUpdate")}</p>
        <VerificationForm defaults={submitted} submitLabel={t("verification.update")} />
        <p className="mt-4 text-sm">
          <Link to="/" className="link">
            {t("verification.home")}
          </Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("verification.title")} intro={t("verification.intro")}>
      {status === "rejected" ? (
        <div
          role="alert"
          className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          <p className="font-semibold">{t("verification.rejected")}</p>
          {rejectionReason ? <p className="mt-1">{t("verification.reason", { reason: rejectionReason })}</p> : null}
        </div>
      ) : null}
      <VerificationForm defaults={submitted} submitLabel={t("verification.submit")} />
    </AuthCard>
  );
}

type SubmittedDetails = ReturnType<typeof useLoaderData<typeof loader>>["submitted"];

function VerificationForm({ defaults, submitLabel }: { defaults: SubmittedDetails; submitLabel: string }) {
  const { t } = useTranslation("auth");
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<z.input<typeof agentVerificationSchema>>({
    id: "agent-verification",
    lastResult,
    defaultValue: defaults ?? undefined,
    constraint: useLoaderData<typeof loader>().constraint,
  });
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-4">
      <FormAlert id={form.errorId} errors={form.errors} />
      <BusinessDetailsFields fields={fields} />
      <div>
        <label htmlFor={fields.documents.id} className="label">
          {t("verification.fields.documents")}
        </label>
        <input
          id={fields.documents.id}
          name={fields.documents.name}
          type="file"
          multiple
          accept="application/pdf,image/jpeg,image/png"
          required
          aria-invalid={fields.documents.errors?.length ? true : undefined}
          aria-describedby={`${fields.documents.id}-hint${fields.documents.errors?.length ? ` ${fields.documents.errorId}` : ""}`}
          className="block w-full text-sm"
        />
        <p id={`${fields.documents.id}-hint`} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {t("verification.documentsHint", { count: MAX_DOCUMENTS })}
        </p>
        <ErrorList id={fields.documents.errorId} errors={fields.documents.errors} />
      </div>
      <button type="submit" className="btn-primary w-full">
        {submitLabel}
      </button>
    </Form>
  );
}
