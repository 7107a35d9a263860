/**
 * 'Scegli l'inizio' (issue 40 §1): the scenario's openings as a radio group before the start
 * button, shown only when there is at least one alternative. Each option shows the opening's
 * first OPENING_PREVIEW_CHARS characters (cut at a word, '…' when cut), readable on a 390 px
 * phone; the texts are as stored ({{user}}/{{char}} are replaced when the story is played) and
 * rendered as text. Native radios: one tab stop, arrow keys move the choice.
 */

import { useId } from "react";
import { cn } from "@/lib/utils";

/** Characters of an opening shown in its option. */
export const OPENING_PREVIEW_CHARS = 140;

/** The first `max` characters of a text, cut after the last whole word, '…' when anything was cut. */
export function openingPreview(text: string, max = OPENING_PREVIEW_CHARS): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, "")}…`;
}

/**
 * Input: the openings (index 0 the first message), the chosen index and onChange(index).
 * Output: the fieldset, or nothing for a scenario with a single opening.
 */
export function OpeningChoice({ openings, value, onChange }: { openings: string[]; value: number; onChange: (index: number) => void }) {
  const name = useId();
  if (openings.length < 2) return null;
  return (
    <fieldset className="mt-8">
      <legend className="text-xl font-semibold">Scegli l'inizio</legend>
      <p className="mt-1 text-sm text-muted-foreground">La storia comincerà dall'inizio che scegli.</p>
      <div className="mt-4 grid gap-3 md:grid-cols-2">
        {openings.map((opening, index) => (
          <label
            key={index}
            className={cn(
              "flex cursor-pointer items-start gap-3 rounded-xl border p-4 transition-colors focus-within:ring-2 focus-within:ring-ring",
              index === value ? "border-violet-400 bg-violet-500/10" : "border-border/70 bg-card/60 hover:border-violet-400/60",
            )}
          >
            <input
              type="radio"
              name={name}
              value={index}
              checked={index === value}
              onChange={() => onChange(index)}
              className="mt-1 size-4 shrink-0 accent-violet-500"
            />
            <span className="flex min-w-0 flex-col gap-1">
              <span className="text-sm font-medium">{index === 0 ? "Inizio principale" : `Inizio alternativo ${index}`}</span>
              <span className="text-sm break-words text-muted-foreground">{openingPreview(opening)}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
