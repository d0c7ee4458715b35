// The count line above an admin list, in the reader's language. The lists count only so far past
// the page (decision 0148): a capped total reads "More than N …" from the key's `Capped` twin.
import type { CountedTotal } from "#domain/shared/paging";
import { i18next } from "~/i18next.server";

/** `key` is a plural key of `namespace` (e.g. "list.count"); `${key}Capped` says "more than". */
export async function listCountText(request: Request, namespace: string, key: string, counted: CountedTotal): Promise<string> {
  const t = await i18next.getFixedT(request, namespace);
  return t(counted.totalIsCapped ? `${key}Capped` : key, { count: counted.total });
}
