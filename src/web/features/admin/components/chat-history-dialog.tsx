import { formatChoices } from "@shared/choices";
import { useQuery } from "@tanstack/react-query";
import { Bot, User } from "lucide-react";
import Markdown from "react-markdown";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";
import { chatHistoryQuery } from "../api";
import { formatDateTime } from "../format";

/** Only http(s) and same-site image URLs are shown (DESIGN §5). */
function safeImageUrl(url: string | null): string | null {
  if (!url) return null;
  if (url.startsWith("/")) return url;
  return /^https?:\/\//i.test(url) ? url : null;
}

/** Keeps http(s) link targets only (DESIGN §5). */
function httpOnly(url: string): string {
  return /^https?:\/\//i.test(url) ? url : "";
}

/**
 * The AI's text as the player saw it: numbered choices as A), B), C) and markdown rendered
 * without raw HTML (react-markdown escapes it), images dropped, only http(s) links.
 */
function AssistantText({ text }: { text: string }) {
  return (
    <div className="space-y-2 break-words [&_a]:underline [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:whitespace-pre-line [&_strong]:font-semibold [&_ul]:list-disc [&_ul]:pl-5">
      <Markdown urlTransform={httpOnly} disallowedElements={["img"]}>
        {formatChoices(text)}
      </Markdown>
    </div>
  );
}

/**
 * 'Storico Chat' (spec §2 Admin activity): the game's messages as bubbles, the player's on the
 * right and the AI's on the left, each with its optional image; 'Nessun messaggio in questa
 * chat.' when there are none. Nothing is ever rendered as HTML.
 */
export function ChatHistoryDialog({ game, onClose }: { game: { id: string; title: string } | null; onClose: () => void }) {
  const history = useQuery({ ...chatHistoryQuery(game?.id ?? ""), enabled: game !== null });
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
          ) : history.data.messages.length === 0 ? (
            <p className="py-10 text-center text-muted-foreground">Nessun messaggio in questa chat.</p>
          ) : (
            <ol className="grid gap-3 py-1">
              {history.data.messages.map((m) => {
                const mine = m.role === "user";
                const image = safeImageUrl(m.imageUrl);
                return (
                  <li key={m.id} className={cn("flex gap-2", mine ? "flex-row-reverse" : "flex-row")}>
                    <span
                      aria-hidden="true"
                      className={cn("mt-1 flex size-7 shrink-0 items-center justify-center rounded-full", mine ? "bg-violet-700" : "bg-secondary")}
                    >
                      {mine ? <User className="size-4" /> : <Bot className="size-4" />}
                    </span>
                    <div
                      className={cn(
                        "max-w-[85%] rounded-2xl px-3 py-2 text-sm",
                        mine ? "rounded-tr-sm bg-violet-700 text-white" : "rounded-tl-sm bg-secondary text-secondary-foreground",
                      )}
                    >
                      <p className="sr-only">{mine ? "Utente" : "AI"}:</p>
                      {mine ? <p className="whitespace-pre-wrap break-words">{m.content}</p> : <AssistantText text={m.content} />}
                      {image && <img src={image} alt="Immagine generata della scena" className="mt-2 max-h-64 rounded-lg" loading="lazy" />}
                      <p className={cn("mt-1 text-xs", mine ? "text-violet-100" : "text-muted-foreground")}>{formatDateTime(m.createdAt)}</p>
                    </div>
                  </li>
                );
              })}
            </ol>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
