/**
 * Form validation whose code loads when a form is first validated (issue 21: /profilo's first
 * load carries neither zod nor the resolver).
 */

import type { FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";

/**
 * Input: `load`, resolving to the form's zod schema (the one the server validates with, from
 * src/shared/schemas). Output: a react-hook-form resolver (input values → errors or the parsed
 * output, as `zodResolver(schema)` gives) that loads the schema and @hookform/resolvers on the
 * first validation (a submit, or a change once the form was submitted) and reuses them after.
 * Make it once per form, at module level. A failed load (the network) is tried again next time.
 */
export function lazyZodResolver<S extends z.ZodType<FieldValues, FieldValues>>(load: () => Promise<S>): Resolver<z.input<S>, unknown, z.output<S>> {
  let resolver: Promise<Resolver<z.input<S>, unknown, z.output<S>>> | undefined;
  return async (values, context, options) => {
    resolver ??= Promise.all([import("@hookform/resolvers/zod"), load()])
      .then(([{ zodResolver }, schema]) => zodResolver(schema))
      .catch((error: unknown) => {
        resolver = undefined;
        throw error;
      });
    return (await resolver)(values, context, options);
  };
}
