import type { ReactNode } from "react";
import { type Control, Controller, type FieldValues, type Path } from "react-hook-form";
import { FieldError } from "@/components/form-field";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";

/**
 * A required consent box of the form (a checkbox whose only valid value is true), its label,
 * an optional element after the label and its validation message.
 */
export function ConsentBox<T extends FieldValues>({
  control,
  name,
  id,
  label,
  error,
  extra,
}: {
  control: Control<T>;
  name: Path<T>;
  id: string;
  label: string;
  error: string | undefined;
  extra?: ReactNode;
}) {
  const errorId = `${id}-errore`;
  return (
    <div className="grid gap-2">
      <div className="flex items-center gap-2">
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <Checkbox
              id={id}
              ref={field.ref}
              name={field.name}
              checked={field.value === true}
              onCheckedChange={(checked) => field.onChange(checked === true ? true : undefined)}
              onBlur={field.onBlur}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
          )}
        />
        <Label htmlFor={id} className="font-normal">
          {label}
        </Label>
        {extra}
      </div>
      {error && <FieldError id={errorId} message={error} />}
    </div>
  );
}
