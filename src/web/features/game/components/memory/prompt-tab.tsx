/**
 * 'Cosa ricorda il narratore' (issue 11 §1): the sections of the next prompt as the narrator will
 * receive them, each with its token count and its text in a collapsible, the total against the
 * budget, and what was left out to stay within it. The system prompt's text is shown only when
 * the server sends it (admins). Above them, the story's style as the narrator gets it (issue 38
 * §4): 'Lunghezza' and 'Creatività', the temperature, the token limit and the length instruction.
 */

import { STORY_CREATIVITY_LABELS, STORY_LENGTH_LABELS } from "@shared/story-style";
import { useQuery } from "@tanstack/react-query";
import { ChevronDown } from "lucide-react";
import { useId, useState } from "react";
import type { PromptPreviewView, PromptSectionView } from "@/lib/api-contract";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/components/ui/collapsible";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";
import { formatCount } from "@/lib/format";
import { cn } from "@/lib/utils";
import { promptPreviewQuery } from "../../memory-api";

/** Singular and plural of what a section leaves out. */
const DROPPED_UNITS: Record<PromptSectionView["key"], [string, string]> = {
  recent: ["turno lasciato fuori", "turni lasciati fuori"],
  facts: ["ricordo lasciato fuori", "ricordi lasciati fuori"],
  cards: ["scheda lasciata fuori", "schede lasciate fuori"],
  recap: ["parte lasciata fuori", "parti lasciate fuori"],
  system: ["parte lasciata fuori", "parti lasciate fuori"],
};

/** '3 turni lasciati fuori per restare nel budget'. */
function droppedText(key: PromptSectionView["key"], dropped: number): string {
  const [one, many] = DROPPED_UNITS[key];
  return `${formatCount(dropped)} ${dropped === 1 ? one : many} per restare nel budget`;
}

const tokens = (count: number) => `${formatCount(count)} token`;

/**
 * One section: title and tokens; its text behind a toggle when there is one (not empty, not hidden);
 * for 'Schede del mondo' the cards in the prompt and why (issue 40 §2), always shown.
 */
function Section({ section }: { section: PromptSectionView }) {
  const [open, setOpen] = useState(false);
  const heading = (
    <span className="flex min-w-0 flex-1 items-baseline justify-between gap-3">
      <span className="font-medium">{section.title}</span>
      <span className="shrink-0 text-sm text-muted-foreground tabular-nums">{tokens(section.tokens)}</span>
    </span>
  );
  return (
    <li className="rounded-lg border">
      {!section.text ? (
        <div className="flex items-center gap-2 px-3 py-2">{heading}</div>
      ) : (
        <Collapsible open={open} onOpenChange={setOpen}>
          <CollapsibleTrigger className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left outline-none hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring/60">
            {heading}
            <ChevronDown aria-hidden className={cn("size-4 shrink-0 transition-transform", open && "rotate-180")} />
          </CollapsibleTrigger>
          <CollapsibleContent>
            <p
              tabIndex={0}
              aria-label={`Testo di ${section.title}`}
              className="mx-3 mb-3 max-h-72 overflow-y-auto rounded-md bg-secondary/40 p-2 text-sm break-words whitespace-pre-wrap outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
            >
              {section.text}
            </p>
          </CollapsibleContent>
        </Collapsible>
      )}
      {section.items && section.items.length > 0 && (
        <ul aria-label="Schede nel prompt" className="grid gap-0.5 px-3 pb-2 text-xs text-muted-foreground">
          {section.items.map((item, index) => (
            <li key={index} className="break-words">
              <span className="text-foreground">{item.title}</span> — {item.reason}
            </li>
          ))}
        </ul>
      )}
      {section.dropped > 0 && <p className="px-3 pb-2 text-xs text-amber-200">{droppedText(section.key, section.dropped)}</p>}
    </li>
  );
}

/** The total against the budget, as text and as a bar. */
function Budget({ preview }: { preview: PromptPreviewView }) {
  const labelId = useId();
  return (
    <div className="grid gap-1.5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span id={labelId}>Prompt del prossimo turno</span>
        <span className="whitespace-nowrap tabular-nums">
          {tokens(preview.total)} su {tokens(preview.budget)}
        </span>
      </div>
      <Progress value={Math.min(100, (preview.total / Math.max(1, preview.budget)) * 100)} aria-labelledby={labelId} getValueLabel={() => `${tokens(preview.total)} su ${tokens(preview.budget)}`} />
    </div>
  );
}

/** The story's style as the request carries it (issue 38 §4). */
function StyleSettings({ style }: { style: PromptPreviewView["style"] }) {
  const temperature = new Intl.NumberFormat("it-IT", { maximumFractionDigits: 2 }).format(style.temperature);
  return (
    <div aria-label="Stile della storia" role="group" className="grid gap-1 rounded-lg border px-3 py-2 text-sm">
      <p>
        <span className="font-medium">Lunghezza:</span> {STORY_LENGTH_LABELS[style.length]} · <span className="font-medium">Creatività:</span>{" "}
        {STORY_CREATIVITY_LABELS[style.creativity]}
      </p>
      <p className="text-muted-foreground tabular-nums">
        Temperatura {temperature} · al massimo {tokens(style.maxTokens)} per risposta
      </p>
      {style.instruction && <p className="text-muted-foreground">Istruzione: «{style.instruction}»</p>}
    </div>
  );
}

/** Input: the game id. Output: the preview, read fresh whenever the tab is shown. */
export function PromptTab({ gameId }: { gameId: string }) {
  const preview = useQuery(promptPreviewQuery(gameId));
  if (preview.isError) return <p className="text-sm text-muted-foreground">Non è stato possibile leggere il prompt. Riprova più tardi.</p>;
  if (!preview.data) {
    return (
      <div role="status" aria-label="Caricamento del prompt" className="grid gap-2">
        <Skeleton className="h-6 w-full" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">Le parti del prompt che il narratore riceverà al prossimo turno, con il loro peso in token.</p>
      <StyleSettings style={preview.data.style} />
      <Budget preview={preview.data} />
      <ul aria-label="Parti del prompt" className="grid gap-2">
        {preview.data.sections.map((section) => (
          <Section key={section.key} section={section} />
        ))}
      </ul>
    </div>
  );
}
