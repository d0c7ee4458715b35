import { Form } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { ASSIGNABLE_ROLES } from "#domain/accounts/admin-users.use-case";
import type { Role } from "#domain/accounts/account.entity";

/**
 * The role an admin may give on a user's page: student or agent, never admin (only ADMIN_EMAILS
 * makes one). An admin still listed in ADMIN_EMAILS gets a note instead of the form.
 */
export function UserRoleForm({ role, changeable }: { role: Role; changeable: boolean }) {
  const { t } = useTranslation("admin-users");
  if (!changeable) {
    return (
      <p className="text-sm" data-testid="role-note">
        {t("user.allowListedNote")}
      </p>
    );
  }
  return (
    <Form method="post" className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="role" />
      <div>
        <label htmlFor="user-role" className="label">
          {t("user.roleLabel")}
        </label>
        {/* An admin no longer listed shows "student" first: the role they would be given. */}
        <select
          id="user-role"
          name="role"
          defaultValue={ASSIGNABLE_ROLES.includes(role) ? role : ASSIGNABLE_ROLES[0]}
          className="input"
          aria-describedby="user-role-note"
        >
          {ASSIGNABLE_ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`roles.${r}`)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn-primary">
        {t("user.changeRole")}
      </button>
      <p id="user-role-note" className="w-full text-sm text-slate-600 dark:text-slate-400">
        {t("user.adminRoleNote")}
      </p>
    </Form>
  );
}
