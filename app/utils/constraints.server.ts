// A form's HTML constraints (required, maxLength…) from its Zod schema, for the loader to hand to
// the form (decision 0144). The schema is fixed: its constraints are worked out once, not on every
// request (Conform walks the whole schema each time; a tenth of a millisecond per form per page).
import { getZodConstraint } from "@conform-to/zod";
import type { ZodTypeAny } from "zod";

const known = new WeakMap<ZodTypeAny, ReturnType<typeof getZodConstraint>>();

/** getZodConstraint(schema), once per schema. The object is shared: it is data, never changed. */
export function constraintsOf(schema: ZodTypeAny): ReturnType<typeof getZodConstraint> {
  let constraints = known.get(schema);
  if (!constraints) known.set(schema, (constraints = getZodConstraint(schema)));
  return constraints;
}
