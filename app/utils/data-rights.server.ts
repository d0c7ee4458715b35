// The data pages' refusals travel back to the page as a code in its address (the file's own
// route answers with a file, never a page), and the page shows the translated reason with a 4xx.
import { DATA_EXPORTS_PER_HOUR } from "#domain/data-rights/download-my-data.use-case";
import { DATA_RIGHTS_ERROR_MESSAGES_EN, type DataRightsErrorCode } from "#domain/data-rights/data-rights.errors";
import { describeDomainError, type DescribedDomainError } from "~/utils/domain-errors.server";

export const DOWNLOAD_PAGE = "/profile/data";

export function downloadRefusedUrl(code: string, page: string = DOWNLOAD_PAGE): string {
  return `${page}?refused=${encodeURIComponent(code.replace(/^data-rights\./, ""))}`;
}

/** The page where an admin downloads a person's data for them (decision 0228). */
export const adminDownloadPage = (userId: string): string => `/admin/users/${encodeURIComponent(userId)}/data`;

/** The refusal named in the page's address, translated; null when there is none or it is unknown. */
export async function refusalFrom(request: Request): Promise<DescribedDomainError | null> {
  const name = new URL(request.url).searchParams.get("refused");
  const code = `data-rights.${name}`;
  if (!name || !Object.hasOwn(DATA_RIGHTS_ERROR_MESSAGES_EN, code)) return null;
  const params = code === "data-rights.too_many_downloads" ? { max: DATA_EXPORTS_PER_HOUR } : undefined;
  return describeDomainError(request, { code: code as DataRightsErrorCode, params });
}

/**
 * A person's data file as the answer: an attachment that no browser or proxy keeps (it is their
 * whole record), for their own download and for one an admin serves alike.
 */
export function personalDataFile(file: { json: string; fileName: string }): Response {
  return new Response(file.json, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
