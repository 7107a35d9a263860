import type { ComponentProps } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

type FormFieldProps = ComponentProps<typeof Input> & { id: string; label: string; error?: string | undefined };

/**
 * A labelled text input with its validation message underneath (spec §5: the schema's Italian
 * messages). The message is linked to the input with aria-describedby and marks it aria-invalid.
 */
export function FormField({ id, label, error, ...inputProps }: FormFieldProps) {
  const errorId = `${id}-errore`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...inputProps} />
      {error && <FieldError id={errorId} message={error} />}
    </div>
  );
}

/** A field's validation message. */
export function FieldError({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} className="text-sm text-red-300">
      {message}
    </p>
  );
}
