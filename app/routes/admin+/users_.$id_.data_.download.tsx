import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { downloadDataForPerson } from "#domain/data-rights/admin-data-requests.use-case";
import { adminRequestSchema } from "~/components/data-rights/data-rights-schemas";
import { requireAdmin } from "~/utils/auth.server";
import { cleanKey } from "~/utils/clean-key";
import { readFormData } from "~/utils/form-data.server";
import { notFound } from "~/utils/not-found.server";
import { adminDownloadPage, downloadRefusedUrl, personalDataFile } from "~/utils/data-rights.server";

/**
 * POST /admin/users/{id}/data/download: the person's file, served by an admin (decision 0228).
 * A refusal goes back to /admin/users/{id}/data, which says why with a 4xx.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const id = cleanKey(params.id);
  if (!id) throw notFound();
  const page = adminDownloadPage(id);
  const submission = parseWithZod(await readFormData(request), { schema: adminRequestSchema });
  if (submission.status !== "success") return redirect(downloadRefusedUrl("data-rights.reason_required", page), 303);
  const result = await downloadDataForPerson(context.services.dataRights, {
    adminId: admin.id,
    userId: id,
    reason: submission.value.reason ?? "",
  });
  if (!result.ok) return redirect(downloadRefusedUrl(result.error.code, page), 303);
  return personalDataFile(result.value);
}

export function loader({ params }: LoaderFunctionArgs) {
  const id = cleanKey(params.id);
  if (!id) throw notFound();
  return redirect(adminDownloadPage(id));
}
