import type { AccountsDeps } from "../accounts/accounts.deps";
import type { PersonalDataReader } from "./personal-data";
import type { AccountClosureStore } from "./account-closure";

/** The accounts ports the data-rights use cases need (identity, limits, audit), and the export's reader. */
export type DataRightsDeps = Pick<AccountsDeps, "repos" | "uow" | "loginAttempts" | "hasher" | "secrets" | "clock" | "ids"> & {
  personalData: PersonalDataReader;
  closure: AccountClosureStore;
};
