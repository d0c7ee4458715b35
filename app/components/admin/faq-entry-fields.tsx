// The fields of an FAQ entry (group, question and answer in English and French), shared by the add
// form of /admin/content/faq and the edit page. Visible labels; French may stay empty (English shown).
import { Form } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { FAQ_ANSWER_MAX, FAQ_GROUPS, FAQ_QUESTION_MAX } from "#domain/help-content/help-content.entity";

export interface FaqEntryValues {
  group: string;
  questionEn: string;
  questionFr: string;
  answerEn: string;
  answerFr: string;
}

export const EMPTY_FAQ_ENTRY: FaqEntryValues = { group: FAQ_GROUPS[0], questionEn: "", questionFr: "", answerEn: "", answerFr: "" };

/**
 * The whole form: its intent, the fields and the submit button. A new `formKey` remounts it: after a
 * refusal (the fields show the typed values the action sent back) or a success (the add form is empty
 * again; with JavaScript the page is not reloaded, and the fields would keep what was typed).
 */
export function FaqEntryForm({
  intent,
  idPrefix,
  values,
  formKey,
  submitLabel,
}: {
  intent: string;
  idPrefix: string;
  values: FaqEntryValues;
  formKey: string;
  submitLabel: string;
}) {
  return (
    <Form method="post" className="mt-4 space-y-4" key={formKey}>
      <input type="hidden" name="intent" value={intent} />
      <FaqEntryFields idPrefix={idPrefix} values={values} />
      <button type="submit" className="btn-primary">
        {submitLabel}
      </button>
    </Form>
  );
}

function FaqEntryFields({ idPrefix, values }: { idPrefix: string; values: FaqEntryValues }) {
  const { t } = useTranslation(["help-content", "help"]);
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <label htmlFor={id("group")} className="label">
          {t("faq.fields.group")}
        </label>
        <select id={id("group")} name="group" className="input" defaultValue={values.group}>
          {FAQ_GROUPS.map((g) => (
            <option key={g} value={g}>
              {t(`help:faq.groups.${g}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={id("questionEn")} className="label">
          {t("faq.fields.questionEn")}
        </label>
        <input
          id={id("questionEn")}
          name="questionEn"
          className="input"
          required
          maxLength={FAQ_QUESTION_MAX}
          defaultValue={values.questionEn}
        />
      </div>
      <div>
        <label htmlFor={id("questionFr")} className="label">
          {t("faq.fields.questionFr")}
        </label>
        <input
          id={id("questionFr")}
          name="questionFr"
          className="input"
          maxLength={FAQ_QUESTION_MAX}
          defaultValue={values.questionFr}
          lang="fr"
        />
      </div>
      <div>
        <label htmlFor={id("answerEn")} className="label">
          {t("faq.fields.answerEn")}
        </label>
        <textarea
          id={id("answerEn")}
          name="answerEn"
          className="input min-h-32"
          required
          maxLength={FAQ_ANSWER_MAX}
          defaultValue={values.answerEn}
          aria-describedby={id("markdown-hint")}
        />
      </div>
      <div>
        <label htmlFor={id("answerFr")} className="label">
          {t("faq.fields.answerFr")}
        </label>
        <textarea
          id={id("answerFr")}
          name="answerFr"
          className="input min-h-32"
          maxLength={FAQ_ANSWER_MAX}
          defaultValue={values.answerFr}
          lang="fr"
          aria-describedby={id("markdown-hint")}
        />
      </div>
      <p id={id("markdown-hint")} className="text-sm text-slate-700 sm:col-span-2 dark:text-slate-300">
        {t("markdownHint")}
      </p>
    </div>
  );
}
