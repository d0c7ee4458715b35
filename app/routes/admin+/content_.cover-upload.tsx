// /admin/content/cover-upload?key=…: the thumbnail of the cover a blog preview kept (decision
// 0233), for admins only, read from private storage. A key of any other shape is a 400.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { readKeptCover } from "#domain/blog/manage-blog-posts.use-cases";
import { requireAdmin } from "~/utils/auth.server";
import { refused } from "~/utils/portal-forms.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const key = new URL(request.url).searchParams.get("key") ?? "";
  const kept = await readKeptCover(context.services.blogAdmin, key);
  if (!kept.ok) return refused(request, kept.error);
  return new Response(new Uint8Array(kept.value.bytes), {
    headers: { "Content-Type": kept.value.contentType, "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" },
  });
}
