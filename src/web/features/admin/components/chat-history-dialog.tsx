import { useQuery } from "@tanstack/react-query";
import { Bot, User } from "lucide-react";
import type { AdminChatMessageView } from "@/lib/api-contract";
import { Narration } from "@/components/narration";
import { Badge } from "@/components/ui/badge";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";
import { formatDateTime } from "@/lib/format-date";
import { chatHistoryQuery } from "../api";

/** Only http(s) and same-site image URLs are shown (DESIGN §5). */
function safeImageUrl(url: string | null): string | null {
  if (!url) return null;
  if (url.startsWith("/")) return url;
  return /^https?:\/\//i.test(url) ? url : null;
}

type Message = AdminChatMessageView;
/** Each message's children (null: the first messages), siblings oldest first (the server's order). */
type Children = Map<string | null, Message[]>;

function childrenOf(messages: Message[]): Children {
  const children: Children = new Map();
  for (const m of messages) children.set(m.parentId, [...(children.get(m.parentId) ?? []), m]);
  return children;
}

/** One message as a bubble: the player's on the right under who wrote it (issue 39), the AI's on the left; messages off the branch being played are dimmed. */
function Bubble({ m }: { m: Message }) {
  const mine = m.role === "user";
  const image = safeImageUrl(m.imageUrl);
  return (
    <li className={cn("flex gap-2", mine ? "flex-row-reverse" : "flex-row", !m.current && "opacity-75")}>
      <span aria-hidden="true" className={cn("mt-1 flex size-7 shrink-0 items-center justify-center rounded-full", mine ? "bg-violet-700" : "bg-secondary")}>
        {mine ? <User className="size-4" /> : <Bot className="size-4" />}
      </span>
      <div className={cn("max-w-[85%] rounded-2xl px-3 py-2 text-sm", mine ? "rounded-tr-sm bg-violet-700 text-white" : "rounded-tl-sm bg-secondary text-secondary-foreground")}>
        {mine ? <p className="text-xs font-semibold text-violet-100">{m.author}</p> : <p className="sr-only">AI:</p>}
        {mine ? <p className="whitespace-pre-wrap break-words">{m.content}</p> : <Narration text={m.content} className="space-y-2" />}
        {image && <img src={image} alt="Immagine generata della scena" className="mt-2 max-h-64 rounded-lg" loading="lazy" />}
        <p className={cn("mt-1 text-xs", mine ? "text-violet-100" : "text-muted-foreground")}>{formatDateTime(m.createdAt)}</p>
      </div>
    </li>
  );
}

/** A run of messages from `first`, following the only child, then its branches when it forks. */
function Thread({ first, tree }: { first: Message; tree: Children }) {
  const run: Message[] = [first];
  let next = tree.get(first.id) ?? [];
  while (next.length === 1) {
    run.push(next[0]!);
    next = tree.get(next[0]!.id) ?? [];
  }
  return (
    <>
      {run.map((m) => (
        <Bubble key={m.id} m={m} />
      ))}
      {next.length > 1 && <Branches options={next} tree={tree} />}
    </>
  );
}

/** Where the story forks ('Annulla', 'Rigenera', edits): every branch in order, the one being played marked 'in gioco'. */
function Branches({ options, tree }: { options: Message[]; tree: Children }) {
  return (
    <li>
      <ol className="grid gap-3">
        {options.map((option, i) => {
          const label = `Ramo ${i + 1} di ${options.length}`;
          return (
            <li key={option.id}>
              <section aria-label={`${label}${option.current ? " (in gioco)" : ""}`} className={cn("grid gap-3 border-l-2 pl-3", option.current ? "border-violet-400" : "border-border")}>
                <p className="flex items-center gap-2 text-xs font-medium text-muted-foreground">
                  {label}
                  {option.current && <Badge>In gioco</Badge>}
                </p>
                <ol className="grid gap-3">
                  <Thread first={option} tree={tree} />
                </ol>
              </section>
            </li>
          );
        })}
      </ol>
    </li>
  );
}

/**
 * 'Storico Chat' (spec §2 Admin activity; issue 22 §8): the game's whole story tree as bubbles,
 * the player's on the right under the writer's name and the AI's on the left, each with its optional image; 'Nessun
 * messaggio in questa chat.' when there are none. Where the story forks ('Annulla', 'Rigenera',
 * edits) every branch is shown in order, indented, with 'Ramo n di N' and the one being played
 * marked 'In gioco'; messages off that branch are dimmed. The AI's text goes through the shared
 * Narration (A), B), C) choices, markdown without raw HTML, only http(s) links in a new tab).
 */
export function ChatHistoryDialog({ game, onClose }: { game: { id: string; title: string } | null; onClose: () => void }) {
  const history = useQuery({ ...chatHistoryQuery(game?.id ?? ""), enabled: game !== null });
  const tree = history.data ? childrenOf(history.data.messages) : new Map();
  const roots: Message[] = tree.get(null) ?? [];
  return (
    <Dialog open={game !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="flex max-h-[85vh] flex-col sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Storico Chat</DialogTitle>
          <DialogDescription>{game?.title}</DialogDescription>
        </DialogHeader>
        <div className="-mx-2 min-h-0 flex-1 overflow-y-auto px-2" tabIndex={0} aria-label="Messaggi della partita">
          {history.isPending ? (
            <div className="flex justify-center py-10">
              <Spinner className="size-6 text-violet-300" />
            </div>
          ) : history.isError ? (
            <p role="alert" className="text-red-300">
              {history.error.message}
            </p>
          ) : roots.length === 0 ? (
            <p className="py-10 text-center text-muted-foreground">Nessun messaggio in questa chat.</p>
          ) : (
            <ol className="grid gap-3 py-1">{roots.length === 1 ? <Thread first={roots[0]!} tree={tree} /> : <Branches options={roots} tree={tree} />}</ol>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
