// The data pages' refusals travel back to the page as a code in its address (the file's own
// route answers with a file, never a page), and the page shows the translated reason with a 4xx.
import { DATA_EXPORTS_PER_HOUR } from "#domain/data-rights/download-my-data.use-case";
import { DATA_RIGHTS_ERROR_MESSAGES_EN, type DataRightsErrorCode } from "#domain/data-rights/data-rights.errors";
import { describeDomainError, type DescribedDomainError } from "~/utils/domain-errors.server";

export const DOWNLOAD_PAGE = "/profile/data";

export function downloadRefusedUrl(code: string): string {
  return `${DOWNLOAD_PAGE}?refused=${encodeURIComponent(code.replace(/^data-rights\./, ""))}`;
}

/** The refusal named in the page's address, translated; null when there is none or it is unknown. */
export async function refusalFrom(request: Request): Promise<DescribedDomainError | null> {
  const name = new URL(request.url).searchParams.get("refused");
  const code = `data-rights.${name}`;
  if (!name || !Object.hasOwn(DATA_RIGHTS_ERROR_MESSAGES_EN, code)) return null;
  const params = code === "data-rights.too_many_downloads" ? { max: DATA_EXPORTS_PER_HOUR } : undefined;
  return describeDomainError(request, { code: code as DataRightsErrorCode, params });
}
