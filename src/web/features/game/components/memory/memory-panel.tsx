/**
 * 'Memoria' (issue 11 §1): what the narrator keeps of the story, in a side sheet with four tabs:
 * 'La storia finora' (the recap, editable), 'Ricordi' (the facts: add, edit, pin, delete),
 * 'Schede del mondo' (the game's story cards, read-only) and 'Cosa ricorda il narratore' (the
 * next prompt's sections with their token counts). Loaded the first time the player opens it;
 * the memory is read again each time it opens, so it shows what the latest narrations added.
 * Everything from the player or the model is shown as plain text. Only the story's owner edits it
 * (`editable`): a group story's other players and a read-only copy see it without its controls
 * (issue 24).
 */

import type { StoryCard } from "@shared/schemas/memory";
import { useQuery } from "@tanstack/react-query";
import { useOpenerFocus } from "@/lib/use-focus-return";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { memoryQuery, useMemoryMutations } from "../../memory-api";
import { FactsTab } from "./facts-tab";
import { PromptTab } from "./prompt-tab";
import { RecapTab } from "./recap-tab";

interface MemoryPanelProps {
  gameId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The player may change the memory: the host of the story, not a read-only copy. */
  editable: boolean;
}

/** When a card is read (issue 40 §2): 'Disattivata', 'Sempre attiva' or 'Parole chiave: a, b'. */
function cardRule(card: StoryCard): string {
  if (!card.enabled) return "Disattivata: il narratore non la legge.";
  if (card.constant) return "Sempre attiva";
  return `Parole chiave: ${card.keywords.join(", ")}`;
}

/** 'Schede del mondo': the cards copied from the game's template, with when each is read. */
function CardsTab({ cards }: { cards: StoryCard[] }) {
  if (cards.length === 0) return <p className="text-sm text-muted-foreground">Questa storia non ha schede del mondo.</p>;
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">Il narratore legge una scheda quando una delle sue parole chiave compare nei turni recenti; quelle sempre attive, sempre.</p>
      <ul aria-label="Schede del mondo" className="grid gap-2">
        {cards.map((card, index) => (
          <li key={index} className="rounded-lg border p-3">
            <h3 className="font-medium break-words">{card.title}</h3>
            <p className="mt-1 text-sm break-words whitespace-pre-wrap text-muted-foreground">{card.text}</p>
            <p className="mt-2 text-xs text-muted-foreground">{cardRule(card)}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

const TABS = [
  ["storia", "La storia finora"],
  ["ricordi", "Ricordi"],
  ["schede", "Schede del mondo"],
  ["prompt", "Cosa ricorda il narratore"],
] as const;

/** Input: see props. Output: the sheet (a skeleton while the memory loads). */
export default function MemoryPanel({ gameId, open, onOpenChange, editable }: MemoryPanelProps) {
  const memory = useQuery({ ...memoryQuery(gameId), enabled: open });
  const mutations = useMemoryMutations(gameId);
  // The sheet has no trigger of its own (the page's button opens it): focus goes back to the opener.
  const openerFocus = useOpenerFocus();

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="right"
        className="w-full gap-0 overflow-y-auto sm:max-w-lg"
        {...openerFocus}
      >
        <SheetHeader className="pr-10">
          <SheetTitle>Memoria</SheetTitle>
          <SheetDescription>
            {editable ? "Ciò che il narratore ricorda della tua storia. Puoi correggerlo e aggiungere ricordi." : "Ciò che il narratore ricorda di questa storia."}
          </SheetDescription>
        </SheetHeader>
        <Tabs defaultValue="storia" className="px-4 pb-6">
          <TabsList className="grid h-auto w-full grid-cols-2 gap-1">
            {TABS.map(([value, label]) => (
              <TabsTrigger key={value} value={value} className="text-xs whitespace-normal sm:text-sm">
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
          {memory.data ? (
            <>
              <TabsContent value="storia" className="pt-3">
                <RecapTab recap={memory.data.recap} onSave={editable ? mutations.saveRecap.mutateAsync : undefined} />
              </TabsContent>
              <TabsContent value="ricordi" className="pt-3">
                <FactsTab facts={memory.data.facts} mutations={editable ? mutations : undefined} />
              </TabsContent>
              <TabsContent value="schede" className="pt-3">
                <CardsTab cards={memory.data.cards} />
              </TabsContent>
            </>
          ) : memory.isError ? (
            <p className="pt-3 text-sm text-muted-foreground">Non è stato possibile leggere la memoria. Riprova più tardi.</p>
          ) : (
            <div role="status" aria-label="Caricamento della memoria" className="grid gap-2 pt-3">
              <Skeleton className="h-5 w-3/4" />
              <Skeleton className="h-24 w-full" />
            </div>
          )}
          <TabsContent value="prompt" className="pt-3">
            <PromptTab gameId={gameId} />
          </TabsContent>
        </Tabs>
      </SheetContent>
    </Sheet>
  );
}
