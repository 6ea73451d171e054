"use client";

import {
  type Path,
  type PathValue,
  type UseFormRegisterReturn,
  type UseFormReturn,
  useWatch,
} from "react-hook-form";
import { HandleField, type HandleFieldProps } from "./HandleField";

/** The fields a form with a handle has: the handle itself and the name a suggestion is made from. */
export interface HandleFormValues {
  name: string;
  slug: string;
}

export interface FormHandleFieldProps<Values extends HandleFormValues, Output>
  extends Pick<HandleFieldProps, "currentHandle" | "ownerType" | "addressTemplate"> {
  form: UseFormReturn<Values, unknown, Output>;
  /**
   * `form.register("slug")`, called by the form among its other fields: focus on a failed submit
   * goes to the first invalid field in the order they were registered.
   */
  field: UseFormRegisterReturn;
}

/**
 * HandleField bound to a react-hook-form's `slug` field (profile, company): it watches the handle
 * and the name, writes a suggestion into the form (validated, dirty), and shows the field's error.
 */
export function FormHandleField<Values extends HandleFormValues, Output>({
  form,
  field,
  ...props
}: FormHandleFieldProps<Values, Output>) {
  // The form's values are generic here; these two paths exist by HandleFormValues.
  const slugPath = "slug" as Path<Values>;
  const [name, slug] = useWatch({
    control: form.control,
    name: ["name", "slug"] as Path<Values>[],
  }) as unknown as [string, string];
  return (
    <HandleField
      value={slug}
      nameForSuggestion={name}
      onSuggested={(handle) =>
        form.setValue(slugPath, handle as PathValue<Values, Path<Values>>, {
          shouldValidate: true,
          shouldDirty: true,
        })
      }
      error={form.formState.errors.slug?.message as string | undefined}
      {...props}
      {...field}
    />
  );
}
