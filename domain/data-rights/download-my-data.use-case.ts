import { HOUR_MS } from "../shared/clock";
import { err, ok, type Result } from "../shared/result";
import { auditTarget } from "../accounts/audit-log.port";
import { confirmIdentity, type IdentityInput } from "./confirm-identity";
import { dataRightsError, type DataRightsError } from "./data-rights.errors";
import type { DataRightsDeps } from "./data-rights.deps";
import { PERSONAL_DATA_SECTIONS, type ExportRow, type PersonalDataSection } from "./personal-data";

export const DATA_EXPORT_AUDIT_ACTION = "data_rights.export_downloaded";
/** Downloads per person per hour: enough to retry a failed download, not a way to load the database. */
export const DATA_EXPORTS_PER_HOUR = 3;
/** Rows per section: bounds the file (a few MB at most); a cut section is named in `truncated`. */
export const DATA_EXPORT_MAX_ROWS = 5_000;
export const DATA_EXPORT_FORMAT_VERSION = 1;

export interface DataExportFile {
  fileName: string;
  /** The JSON text of the file. */
  json: string;
}

/**
 * The person's own copy of everything held about them (the rights of access and portability):
 * one JSON file, made on request after the identity check, at most DATA_EXPORTS_PER_HOUR an hour,
 * and audited (who and when, never what the file held).
 */
export async function downloadMyData(deps: DataRightsDeps, input: IdentityInput): Promise<Result<DataExportFile, DataRightsError>> {
  const identity = await confirmIdentity(deps, input);
  if (!identity.ok) return identity;
  const account = identity.value;
  const now = deps.clock.now();
  const recent = await deps.repos.auditLog.count({
    action: DATA_EXPORT_AUDIT_ACTION,
    actorId: account.id,
    from: new Date(now.getTime() - HOUR_MS),
  });
  if (recent >= DATA_EXPORTS_PER_HOUR) return err(dataRightsError("data-rights.too_many_downloads", { max: DATA_EXPORTS_PER_HOUR }));

  const built = await buildDataExport(deps, account.id, now);
  if (!built) return err(dataRightsError("data-rights.account_not_found"));
  await deps.repos.auditLog.record({
    id: deps.ids.id(),
    actorId: account.id,
    action: DATA_EXPORT_AUDIT_ACTION,
    data: { target: auditTarget("user", account.id), truncated: built.truncated },
    at: now,
  });
  return ok(built.file);
}

/** The file for one person as of `now`, and whether a section was cut; null when the account does not exist. */
export async function buildDataExport(
  deps: Pick<DataRightsDeps, "personalData">,
  userId: string,
  now: Date,
): Promise<{ file: DataExportFile; truncated: boolean } | null> {
  const data = await deps.personalData.read(userId, DATA_EXPORT_MAX_ROWS);
  if (!data) return null;
  const truncated: PersonalDataSection[] = [];
  const sections = {} as Record<PersonalDataSection, ExportRow[]>;
  for (const name of PERSONAL_DATA_SECTIONS) {
    const rows = data.sections[name];
    if (rows.length > DATA_EXPORT_MAX_ROWS) truncated.push(name);
    sections[name] = rows.slice(0, DATA_EXPORT_MAX_ROWS);
  }
  const file = {
    format: "kamernest-personal-data",
    version: DATA_EXPORT_FORMAT_VERSION,
    generatedAt: now.toISOString(),
    account: data.account,
    preferences: data.preferences,
    ...sections,
    truncated,
  };
  return {
    file: { fileName: `kamernest-data-${now.toISOString().slice(0, 10)}.json`, json: JSON.stringify(file, null, 2) },
    truncated: truncated.length > 0,
  };
}
