import type { FieldValues, Resolver } from "react-hook-form";

/**
 * A form resolver loaded on its first use (the first validation, at the first submit): for forms
 * on pages everyone opens (the sign-in dialog is on every route), so zod and the form's schema stay
 * out of the page's first-load JavaScript (decision 0027, session 11). The resolver is the same
 * one, so the form's messages are too. A failed load is tried again at the next validation.
 */
export function lazyResolver<Input extends FieldValues, Context, Output>(
  load: () => Promise<Resolver<Input, Context, Output>>,
): Resolver<Input, Context, Output> {
  let loading: Promise<Resolver<Input, Context, Output>> | undefined;
  return async (values, context, options) => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return (await loading)(values, context, options);
  };
}
