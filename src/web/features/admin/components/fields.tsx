/** The admin forms' fields: the shared labelled fields, and a message that renders only when set. */

/** A field's validation message (spec §5 texts), referenced by the input's aria-describedby; nothing when empty. */
export function FieldError({ id, message }: { id: string; message?: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm text-red-300">
      {message}
    </p>
  );
}

export { FormField as TextField, SelectField, TextAreaField } from "@/components/form-field";
