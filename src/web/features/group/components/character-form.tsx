/**
 * A player's character in a group story (issue 24 "The narrator knows the group"): its name and
 * one line about them, validated by characterSchema (shared with the server). The form of
 * /invito/:token ('Entra nella storia') and of 'Il tuo personaggio' on the game page.
 */

import { characterSchema, type CharacterInput } from "@shared/schemas/group";
import { zodResolver } from "@hookform/resolvers/zod";
import type { ReactNode } from "react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

interface CharacterFormProps {
  /** The character shown first (empty to join). */
  initial?: CharacterInput;
  /** Sends the valid character; the form stays as typed while it runs. */
  onSubmit(character: CharacterInput): void;
  busy: boolean;
  /** The submit button's icon and text. */
  submitIcon: ReactNode;
  submitLabel: string;
}

/** The two fields and the submit button; the schema's Italian messages under each field. */
export function CharacterForm({ initial = { characterName: "", characterLine: "" }, onSubmit, busy, submitIcon, submitLabel }: CharacterFormProps) {
  const id = useId();
  const form = useForm<z.input<typeof characterSchema>, unknown, CharacterInput>({ resolver: zodResolver(characterSchema), defaultValues: initial });
  const { errors } = form.formState;
  return (
    <form onSubmit={(event) => void form.handleSubmit(onSubmit)(event)} className="grid gap-4" noValidate>
      <FormField id={`${id}-nome`} label="Nome del tuo personaggio" autoComplete="off" error={errors.characterName?.message} {...form.register("characterName")} />
      <FormField
        id={`${id}-riga`}
        label="Il tuo personaggio in una riga (facoltativo)"
        placeholder="Es. Ladra gentile, non sa mentire"
        autoComplete="off"
        error={errors.characterLine?.message}
        {...form.register("characterLine")}
      />
      <Button type="submit" className="justify-self-start" disabled={busy}>
        {busy ? <Spinner /> : submitIcon}
        {submitLabel}
      </Button>
    </form>
  );
}
