import type { ComponentProps } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";

/** A field's validation message (spec §5 texts), referenced by the input's aria-describedby. */
export function FieldError({ id, message }: { id: string; message?: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm text-red-300">
      {message}
    </p>
  );
}

const described = (id: string, error?: string) =>
  ({ "aria-invalid": error ? true : undefined, "aria-describedby": error ? `${id}-errore` : undefined }) as const;

/** A labelled text input with its validation message. */
export function TextField({ id, label, error, ...props }: ComponentProps<typeof Input> & { id: string; label: string; error?: string | undefined }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} {...described(id, error)} {...props} />
      <FieldError id={`${id}-errore`} message={error} />
    </div>
  );
}

/** A labelled textarea with an optional hint and its validation message. */
export function TextAreaField({
  id,
  label,
  error,
  hint,
  ...props
}: ComponentProps<typeof Textarea> & { id: string; label: string; error?: string | undefined; hint?: string }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Textarea id={id} {...described(id, error)} {...props} />
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
      <FieldError id={`${id}-errore`} message={error} />
    </div>
  );
}

type SelectFieldProps = ComponentProps<typeof NativeSelect> & {
  id: string;
  label: string;
  error?: string | undefined;
  options: readonly { value: string; label: string }[];
  /** Label of an empty first option (e.g. 'Non impostato'), when the field is optional. */
  emptyOption?: string;
};

/** A labelled select with its validation message (linked with aria-describedby). */
export function SelectField({ id, label, error, options, emptyOption, ...props }: SelectFieldProps) {
  const errorId = `${id}-errore`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} {...described(id, error)} {...props}>
        {emptyOption !== undefined && <NativeSelectOption value="">{emptyOption}</NativeSelectOption>}
        {options.map((o) => (
          <NativeSelectOption key={o.value} value={o.value}>
            {o.label}
          </NativeSelectOption>
        ))}
      </NativeSelect>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
