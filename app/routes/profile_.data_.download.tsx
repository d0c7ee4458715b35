import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { downloadMyData } from "#domain/data-rights/download-my-data.use-case";
import { downloadDataSchema } from "~/components/data-rights/data-rights-schemas";
import { clientIp, getSessionId, requireUser } from "~/utils/auth.server";
import { readFormData } from "~/utils/form-data.server";
import { DOWNLOAD_PAGE, downloadRefusedUrl, personalDataFile } from "~/utils/data-rights.server";

/**
 * POST /profile/data/download: the file itself (decision 0216). A resource route, so the answer
 * is the file, not a page; a refusal goes back to /profile/data, which says why with a 4xx.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(context, request);
  const submission = parseWithZod(await readFormData(request), { schema: downloadDataSchema });
  if (submission.status !== "success") return redirect(downloadRefusedUrl("data-rights.wrong_password"), 303);
  const result = await downloadMyData(context.services.dataRights, {
    userId: user.id,
    password: submission.value.password ?? null,
    sessionId: await getSessionId(context, request),
    ip: clientIp(context),
  });
  if (!result.ok) return redirect(downloadRefusedUrl(result.error.code), 303);
  return personalDataFile(result.value);
}

export const loader = () => redirect(DOWNLOAD_PAGE);
