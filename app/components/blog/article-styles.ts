// The look of a blog article's body: /blog/{slug} and the admin's preview show it the same way.

/** The HTML comes from the Markdown renderer (no raw HTML, safe links, images from /media only). */
export const articleStyles =
  "mt-6 max-w-none text-lg leading-relaxed text-slate-900 dark:text-slate-100 " +
  "[&_h2]:mt-8 [&_h2]:text-2xl [&_h2]:font-semibold [&_h3]:mt-6 [&_h3]:text-xl [&_h3]:font-semibold " +
  "[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-1 " +
  "[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline dark:[&_a]:text-brand-100 " +
  "[&_blockquote]:mt-4 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-500 [&_blockquote]:pl-4 [&_strong]:font-semibold " +
  "[&_img]:mt-4 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg";
