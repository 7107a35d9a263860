/**
 * 'Mappa delle scelte' (issue 11 §2): the story as a tree. A run of turns with no other branch
 * is one column; where the player regenerated, went back or re-narrated, the branches open as
 * indented lists. The current path is highlighted and the tip marked; choosing a message of
 * another branch switches the story to it (its newest end). Loaded on first use.
 */

import { useQuery } from "@tanstack/react-query";
import { Feather, Image as ImageIcon, UserRound } from "lucide-react";
import type { StoryMapNode } from "@/lib/api-contract";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import { storyMapQuery } from "../api";
import { useOpenerFocus } from "@/lib/use-focus-return";

interface StoryMapDialogProps {
  gameId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** A message was chosen: the page switches to its branch when it is not on the current path. */
  onChoose(node: StoryMapNode): void;
}

type Children = Map<string | null, StoryMapNode[]>;

function NodeButton({ node, tip, onChoose }: { node: StoryMapNode; tip: boolean; onChoose(node: StoryMapNode): void }) {
  const Icon = node.picture ? ImageIcon : node.role === "user" ? UserRound : Feather;
  return (
    <button
      type="button"
      onClick={() => onChoose(node)}
      aria-current={tip ? "step" : undefined}
      className={cn(
        "flex w-full items-start gap-2 rounded-md px-2 py-1.5 text-left text-sm transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
        node.onPath ? "text-foreground" : "text-muted-foreground",
        node.role === "user" && "font-medium",
        tip && "bg-violet-600/25 ring-1 ring-violet-400/60",
      )}
    >
      <Icon aria-hidden className={cn("mt-0.5 size-4 shrink-0", node.onPath ? "text-violet-300" : "opacity-60")} />
      <span className="sr-only">{node.role === "user" ? "Tu: " : node.picture ? "Immagine: " : "Narratore: "}</span>
      <span className="min-w-0 break-words">{node.label}</span>
      {node.onPath && !tip && <span className="sr-only"> (percorso attuale)</span>}
      {tip && <span className="ml-auto shrink-0 text-xs text-violet-200">sei qui</span>}
    </button>
  );
}

/** A chain of messages from `first`, continuing while there is exactly one next message. */
function Branch({ first, tree, tipId, onChoose }: { first: StoryMapNode; tree: Children; tipId: string | null; onChoose(node: StoryMapNode): void }) {
  const run: StoryMapNode[] = [first];
  let next = tree.get(first.id) ?? [];
  while (next.length === 1) {
    run.push(next[0]!);
    next = tree.get(next[0]!.id) ?? [];
  }
  return (
    <>
      {run.map((node) => (
        <li key={node.id}>
          <NodeButton node={node} tip={node.id === tipId} onChoose={onChoose} />
        </li>
      ))}
      {next.length > 1 && <Fork ways={next} tree={tree} tipId={tipId} onChoose={onChoose} />}
    </>
  );
}

/** Where the story divides: each way as an indented branch, the one on the current path marked. */
function Fork({ ways, tree, tipId, onChoose }: { ways: StoryMapNode[]; tree: Children; tipId: string | null; onChoose(node: StoryMapNode): void }) {
  return (
    <li>
      <p className="px-2 pt-2 text-xs font-medium text-muted-foreground">{ways.length} strade da qui</p>
      <ul className="mt-1 space-y-2">
        {ways.map((way) => (
          <li key={way.id} className={cn("rounded-lg border-l-2 pl-2", way.onPath ? "border-violet-400" : "border-border")}>
            <ul>
              <Branch first={way} tree={tree} tipId={tipId} onChoose={onChoose} />
            </ul>
          </li>
        ))}
      </ul>
    </li>
  );
}

/** Input: see props. Output: the dialog with the map (a skeleton while it loads). */
export default function StoryMapDialog({ gameId, open, onOpenChange, onChoose }: StoryMapDialogProps) {
  const map = useQuery({ ...storyMapQuery(gameId), enabled: open });
  // No trigger of its own (the page's button opens it): focus goes back to the opener.
  const openerFocus = useOpenerFocus();
  const tree: Children = new Map();
  for (const node of map.data?.nodes ?? []) tree.set(node.parentId, [...(tree.get(node.parentId) ?? []), node]);
  const roots = tree.get(null) ?? [];
  const branches = [...tree.values()].filter((ways) => ways.length > 1).length;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[85dvh] overflow-y-auto sm:max-w-2xl" {...openerFocus}>
        <DialogHeader>
          <DialogTitle>Mappa delle scelte</DialogTitle>
          <DialogDescription>
            {branches === 0 ? "La tua storia ha un solo percorso." : `La tua storia si divide in ${branches} ${branches === 1 ? "punto" : "punti"}.`} Scegli un
            messaggio per continuare da quel ramo.
          </DialogDescription>
        </DialogHeader>
        {map.data ? (
          roots.length === 0 ? (
            <p className="text-sm text-muted-foreground">La storia non è ancora iniziata.</p>
          ) : (
            <ul aria-label="Messaggi della storia" className="space-y-0.5">
              {roots.length === 1 ? (
                <Branch first={roots[0]!} tree={tree} tipId={map.data.tipId} onChoose={onChoose} />
              ) : (
                <Fork ways={roots} tree={tree} tipId={map.data.tipId} onChoose={onChoose} />
              )}
            </ul>
          )
        ) : (
          <div role="status" aria-label="Caricamento della mappa" className="space-y-2">
            <Skeleton className="h-6 w-3/4" />
            <Skeleton className="h-6 w-2/3" />
            <Skeleton className="h-6 w-4/5" />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
