// The admin's help-content forms (/admin/content/faq, /admin/content/legal/{slug}): one Zod schema
// each, shared by the pages and their actions. Limits come from the domain, which checks them
// again (with the required English texts) and answers with a typed error.
import { z } from "zod";
import { FAQ_ANSWER_MAX, FAQ_GROUPS, FAQ_QUESTION_MAX, LEGAL_BODY_MAX, LEGAL_TITLE_MAX } from "#domain/help-content/help-content.entity";
import { cleanKey } from "~/utils/clean-key";

const key = z
  .string()
  .min(1)
  .max(100)
  .refine((v) => cleanKey(v) === v);
/** An empty field arrives as undefined (Conform): it is the empty text, which the domain judges. */
const text = (max: number) => z.string().max(max).optional().default("");

export const faqFields = {
  group: z.enum(FAQ_GROUPS),
  questionEn: text(FAQ_QUESTION_MAX),
  questionFr: text(FAQ_QUESTION_MAX),
  answerEn: text(FAQ_ANSWER_MAX),
  answerFr: text(FAQ_ANSWER_MAX),
};

/** The FAQ list's forms: add an entry, move one up or down, delete one. */
export const faqListSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), ...faqFields }),
  z.object({ intent: z.literal("move"), id: key, direction: z.enum(["up", "down"]) }),
  z.object({ intent: z.literal("delete"), id: key }),
]);

export const faqEditSchema = z.object({ intent: z.literal("save"), ...faqFields });

/** The legal page's form: "Preview" shows the unsaved text, "Save" stores it. */
export const legalEditSchema = z.object({
  intent: z.enum(["preview", "save"]),
  titleEn: text(LEGAL_TITLE_MAX),
  titleFr: text(LEGAL_TITLE_MAX),
  bodyEn: text(LEGAL_BODY_MAX),
  bodyFr: text(LEGAL_BODY_MAX),
});
