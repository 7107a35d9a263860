import type { ComponentProps } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";

type FormFieldProps = ComponentProps<typeof Input> & { id: string; label: string; error?: string | undefined };

/** aria-invalid and aria-describedby of a field whose message is `${id}-errore`. */
const described = (id: string, error?: string) =>
  ({ "aria-invalid": error ? true : undefined, "aria-describedby": error ? `${id}-errore` : undefined }) as const;

/**
 * A labelled text input with its validation message underneath (spec §5: the schema's Italian
 * messages). The message is linked to the input with aria-describedby and marks it aria-invalid.
 */
export function FormField({ id, label, error, ...inputProps }: FormFieldProps) {
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} {...described(id, error)} {...inputProps} />
      {error && <FieldError id={`${id}-errore`} message={error} />}
    </div>
  );
}

/** The e-mail field of the auth forms (sign-in, registration, 'Password dimenticata?', 'Invia di nuovo'). */
export function EmailField(props: Omit<FormFieldProps, "label" | "type" | "autoComplete" | "placeholder">) {
  return <FormField label="Email" type="email" autoComplete="email" placeholder="nome@esempio.it" {...props} />;
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
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Textarea id={id} {...described(id, error)} {...props} />
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
      {error && <FieldError id={`${id}-errore`} message={error} />}
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
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} {...described(id, error)} {...props}>
        {emptyOption !== undefined && <NativeSelectOption value="">{emptyOption}</NativeSelectOption>}
        {options.map((o) => (
          <NativeSelectOption key={o.value} value={o.value}>
            {o.label}
          </NativeSelectOption>
        ))}
      </NativeSelect>
      {error && <FieldError id={`${id}-errore`} message={error} />}
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
