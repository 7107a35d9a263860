/**
 * 'La storia finora' (issue 11 §1): the narrator's running summary of the story before the recent
 * turns. 'Modifica' opens a form validated by recapSchema; the player's text is kept and the
 * narrator's next updates build on it. An empty text clears the recap.
 */

import { MAX_RECAP_LENGTH, recapSchema } from "@shared/schemas/memory";
import { zodResolver } from "@hookform/resolvers/zod";
import { Pencil } from "lucide-react";
import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import type { RecapView } from "@/lib/api-contract";
import { TextAreaField } from "@/components/form-field";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { timeAgo } from "@/lib/format-date";
import { useFocusReturn } from "@/lib/use-focus-return";
import { FormButtons } from "./form-buttons";
import type { RecapInput } from "../../memory-api";

interface RecapTabProps {
  recap: RecapView | null;
  /** Saves the text; resolves when stored, rejects when refused (the error is already shown). Absent: read only, no 'Modifica'. */
  onSave?(input: RecapInput): Promise<unknown>;
}

/** The recap form: 'Salva' stores it, 'Annulla' goes back to the text. */
function RecapForm({ text, onSave, onDone }: { text: string; onSave: NonNullable<RecapTabProps["onSave"]>; onDone(): void }) {
  const form = useForm<RecapInput>({ resolver: zodResolver(recapSchema), defaultValues: { text } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (input) => {
    try {
      await onSave(input);
      onDone();
    } catch {
      // Refused: the toast says why and the form stays open.
    }
  });
  return (
    <form onSubmit={submit} noValidate className="grid gap-3">
      <TextAreaField
        id="memoria-riassunto"
        label="Il riassunto della storia"
        rows={10}
        maxLength={MAX_RECAP_LENGTH}
        autoFocus
        hint="Il narratore terrà conto delle tue modifiche nei prossimi riassunti."
        error={errors.text?.message}
        {...form.register("text")}
      />
      <FormButtons submitLabel="Salva" submitting={isSubmitting} onCancel={onDone} />
    </form>
  );
}

/** Input: see props. Output: the recap (or its empty state) with 'Modifica', or its form. */
export function RecapTab({ recap, onSave }: RecapTabProps) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  useFocusReturn(editing, editButton);
  if (editing && onSave) return <RecapForm text={recap?.text ?? ""} onSave={onSave} onDone={() => setEditing(false)} />;
  return (
    <div className="grid gap-3">
      {recap ? (
        <>
          <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
            <span>
              {recap.coversTurns > 0 && (recap.coversTurns === 1 ? "Copre 1 turno · " : `Copre ${recap.coversTurns} turni · `)}
              Aggiornato {timeAgo(recap.updatedAt)}
            </span>
            {recap.editedByPlayer && <Badge variant="secondary">Modificato da te</Badge>}
          </div>
          <p className="text-sm leading-relaxed whitespace-pre-wrap">{recap.text}</p>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">Il narratore non ha ancora riassunto la storia.</p>
      )}
      {onSave && (
        <div>
          <Button ref={editButton} type="button" size="sm" variant="outline" onClick={() => setEditing(true)}>
            <Pencil aria-hidden />
            Modifica
          </Button>
        </div>
      )}
    </div>
  );
}
