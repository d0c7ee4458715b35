import type { MetaFunction } from "@remix-run/node";

/** A page title from the loader's translated `title`: "Login · KamerNest". */
export const titleMeta: MetaFunction = ({ data }) => {
  const title = (data as { title?: unknown } | undefined)?.title;
  return [{ title: typeof title === "string" && title !== "" ? `${title} · KamerNest` : "KamerNest" }];
};
