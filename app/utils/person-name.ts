// A closed account keeps "Former user" as its stored name (decision 0217), so the rows that
// point at it need no rewrite. Wherever a person's name is shown, it is read through here and
// the closed account's name comes out in the reader's language (decision 0229).
import { FORMER_USER_NAME } from "#domain/data-rights/account-closure";
import { useTranslation, type TFunction } from "./translation";

/** The name as the reader sees it: a closed account's in their language, anyone else's as written. */
export function personName(name: string, t: TFunction): string {
  return name === FORMER_USER_NAME ? t("common:formerUser") : name;
}

/** `personName` with this render's language. */
export function usePersonName(): (name: string) => string {
  const { t } = useTranslation("common");
  return (name) => personName(name, t);
}
