// What the blog post routes (new, edit) answer when the form is refused: the same form, the typed
// values kept (text only), the message on its field or on the form, with the domain error's status.
import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import type { BlogError } from "#domain/blog/blog.errors";
import type { PostPreview } from "#domain/blog/manage-blog-posts.use-cases";
import { blogFieldOf } from "~/components/admin/blog-post-schema";
import { textOnly } from "~/utils/portal-forms.server";
import { describeDomainError } from "~/utils/domain-errors.server";

/** The action data of the blog post pages: Conform's reply, the preview, or a refusal of a button. */
export interface BlogActionData {
  reply?: SubmissionResult<string[]>;
  preview?: PostPreview | null;
  formError?: string;
  /** The key of the cover the preview kept, sent back in a hidden field (decision 0233). */
  coverUpload?: string | null;
}

interface Submission {
  reply(options?: { fieldErrors?: Record<string, string[]>; formErrors?: string[] }): SubmissionResult<string[]>;
}

/** The form with the schema's own errors (a 400). */
export function invalidBlogForm(submission: Submission) {
  return data<BlogActionData>({ reply: textOnly(submission.reply()), preview: null }, { status: 400 });
}

/** The form with the domain's refusal on the field it is about. */
export async function refusedBlogForm(request: Request, submission: Submission, error: BlogError) {
  const described = await describeDomainError(request, error);
  const field = blogFieldOf(error.code, error.params);
  const reply = submission.reply(field ? { fieldErrors: { [field]: [described.message] } } : { formErrors: [described.message] });
  return data<BlogActionData>({ reply: textOnly(reply), preview: null }, { status: described.status });
}

/** The form as typed, with the preview below it (a 200: nothing was stored). */
export function previewedBlogForm(submission: Submission, preview: PostPreview, coverUpload: string | null) {
  return data<BlogActionData>({ reply: textOnly(submission.reply()), preview, coverUpload });
}
