/**
 * 'Modifica' of a message in the chat (issue 11 §2): the text in a box, validated by the schema
 * the server uses (editMessageSchema: not empty, at most the player's message limit or the
 * narration limit). 'Salva' keeps the story as it is with the new text; for a player's message
 * 'Salva e rinarra' also asks the narrator to answer it again, as a new branch.
 */

import { zodResolver } from "@hookform/resolvers/zod";
import { MAX_MESSAGE_LENGTH } from "@shared/commands";
import { editMessageSchema, MAX_NARRATION_LENGTH } from "@shared/schemas/game";
import { RefreshCw, Save, X } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { FieldError } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";

interface MessageEditorProps {
  role: "user" | "assistant";
  content: string;
  /** Saves in place; resolves true when saved (the editor then closes). */
  onSave(content: string): Promise<boolean>;
  /** Player's messages only: saves as a new branch and narrates it; resolves true when accepted. */
  onRenarrate?: (content: string) => Promise<boolean>;
  onCancel(): void;
  /** Another action is running: buttons disabled. */
  busy: boolean;
}

/** Input: see props. Output: the edit form in place of the bubble's text. */
export function MessageEditor({ role, content, onSave, onRenarrate, onCancel, busy }: MessageEditorProps) {
  const id = useId();
  const maxLength = role === "user" ? MAX_MESSAGE_LENGTH : MAX_NARRATION_LENGTH;
  const form = useForm<{ content: string }>({ resolver: zodResolver(editMessageSchema(maxLength)), defaultValues: { content } });
  const error = form.formState.errors.content?.message;
  const errorId = `${id}-errore`;
  const submit = (action: (text: string) => Promise<boolean>) =>
    form.handleSubmit(async ({ content: text }) => {
      if (await action(text)) onCancel();
    });

  return (
    <form onSubmit={submit(onSave)} noValidate className="flex w-full flex-col gap-2">
      <Label htmlFor={id} className="sr-only">
        {role === "user" ? "Modifica il tuo messaggio" : "Modifica la narrazione"}
      </Label>
      <Textarea
        id={id}
        rows={role === "user" ? 3 : 8}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="min-h-20 bg-background"
        {...form.register("content")}
      />
      {error && <FieldError id={errorId} message={error} />}
      <div className="flex flex-wrap gap-2">
        {onRenarrate && (
          <Button type="button" className="h-9 bg-violet-700 text-white hover:bg-violet-600" disabled={busy || form.formState.isSubmitting} onClick={submit(onRenarrate)}>
            <RefreshCw aria-hidden />
            Salva e rinarra
          </Button>
        )}
        <Button type="submit" variant={onRenarrate ? "outline" : "default"} className="h-9" disabled={busy || form.formState.isSubmitting}>
          <Save aria-hidden />
          Salva
        </Button>
        <Button type="button" variant="ghost" className="h-9" onClick={onCancel}>
          <X aria-hidden />
          Annulla modifica
        </Button>
      </div>
    </form>
  );
}
