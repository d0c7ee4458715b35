// /host/verification: becoming a host. The user sends identity and ownership documents (PDF,
// JPEG or PNG, 5 MB each, checked from the bytes, stored privately); the verification starts
// pending and an admin approves or rejects it. A pending or rejected host may send new documents.
import {
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler as createMemoryUploadHandler,
  unstable_parseMultipartFormData as parseMultipartFormData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type UploadHandler,
} from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Form } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { HOST_DOCUMENT_KINDS, MAX_DOCUMENTS_PER_KIND, MAX_DOCUMENT_BYTES } from "#domain/hosting/host-verification.entity";
import { getHostStatus, submitHostVerification } from "#domain/hosting/host-verification.use-cases";
import { FormAlert } from "~/components/forms/form-fields";
import { titleMeta } from "~/utils/page-title";
import { PortalLayout } from "~/components/portal/portal-layout";
import { HostStatusNotice } from "~/components/hosting/host-status-notice";
import { refused, requireHostArea } from "~/utils/host-area.server";
import { i18next } from "~/i18next.server";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["auth", "hosting"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireHostArea(context, request);
  const verification = await getHostStatus(context.services.hosting, user.id);
  const t = await i18next.getFixedT(request, "hosting");
  return {
    title: t("verification.title"),
    status: verification?.status ?? null,
    rejectReason: verification?.rejectReason ?? null,
    documents: (verification?.documents ?? []).map((d) => ({ id: d.id, kind: d.kind, name: d.originalName })),
  };
}

class TooManyFilesError extends Error {}
const TEXT_PART_MAX_BYTES = 1000;
const MAX_FILES = HOST_DOCUMENT_KINDS.length * MAX_DOCUMENTS_PER_KIND;

/** Files in memory, each at most 5 MB, at most MAX_FILES of them; anything bigger stops the parse at once. */
function uploadHandler(): UploadHandler {
  let files = 0;
  const fileHandler = createMemoryUploadHandler({ maxPartSize: MAX_DOCUMENT_BYTES });
  const textHandler = createMemoryUploadHandler({ maxPartSize: TEXT_PART_MAX_BYTES });
  return async (part) => {
    if (typeof part.filename !== "string") return textHandler(part);
    // An untouched file input sends an empty part without a name: not a document.
    if (part.filename === "") return textHandler({ ...part, filename: undefined });
    files += 1;
    if (files > MAX_FILES) throw new TooManyFilesError();
    return fileHandler(part);
  };
}

async function filesOf(formData: FormData, name: string) {
  const files = formData.getAll(name).filter((f): f is File => f instanceof File && f.size > 0);
  return Promise.all(files.map(async (f) => ({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) })));
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireHostArea(context, request);
  let formData: FormData;
  try {
    formData = await parseMultipartFormData(request, uploadHandler());
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError)
      return refused(request, { code: "hosting.document_too_large", params: { name: "", max: MAX_DOCUMENT_BYTES / (1024 * 1024) } });
    if (error instanceof TooManyFilesError)
      return refused(request, { code: "hosting.too_many_documents", params: { max: MAX_DOCUMENTS_PER_KIND } });
    // Not multipart/form-data at all, or a broken body: the parse only reads the request into memory.
    return refused(request, { code: "hosting.invalid_form" });
  }
  const result = await submitHostVerification(context.services.hosting, {
    userId: user.id,
    identity: await filesOf(formData, "identity"),
    ownership: await filesOf(formData, "ownership"),
  });
  if (!result.ok) return refused(request, result.error);
  return redirectWithToast(context, request, "/host", { kind: "success", title: "hosting:toasts.submitted" });
}

export default function HostVerificationPage() {
  const { t } = useTranslation(["hosting", "auth"]);
  const { status, rejectReason, documents } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <PortalLayout portal="host" title={t("verification.title")} intro={t("verification.intro")}>
      {status !== null ? <HostStatusNotice status={status} rejectReason={rejectReason} /> : null}
      {documents.length > 0 ? (
        <section aria-labelledby="sent-heading" className="mt-6">
          <h2 id="sent-heading" className="text-lg font-semibold">
            {t("verification.sent")}
          </h2>
          <ul className="mt-2 list-disc pl-5 text-sm">
            {documents.map((d) => (
              <li key={d.id}>{t("verification.sentDocument", { kind: t(`verification.kinds.${d.kind}`), name: d.name })}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {status === "verified" ? null : (
        <Form method="post" encType="multipart/form-data" className="card mt-6 max-w-2xl space-y-5 p-5">
          <FormAlert id="host-verification-error" errors={actionData?.formError ? [actionData.formError] : null} />
          {HOST_DOCUMENT_KINDS.map((kind) => (
            <div key={kind}>
              <label htmlFor={kind} className="label">
                {t(`verification.fields.${kind}`)}
              </label>
              <input
                id={kind}
                name={kind}
                type="file"
                multiple
                required
                accept="application/pdf,image/jpeg,image/png"
                aria-describedby={`${kind}-hint`}
                className="block w-full text-sm"
              />
              <p id={`${kind}-hint`} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                {t(`verification.hints.${kind}`, { count: MAX_DOCUMENTS_PER_KIND, size: MAX_DOCUMENT_BYTES / (1024 * 1024) })}
              </p>
            </div>
          ))}
          <p className="text-sm text-slate-700 dark:text-slate-300">{t("verification.privacy")}</p>
          <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
            {status === null ? t("verification.submit") : t("verification.resubmit")}
          </button>
        </Form>
      )}
    </PortalLayout>
  );
}
