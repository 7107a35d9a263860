import { useQuery } from "@tanstack/react-query";
import { Bot, User } from "lucide-react";
import { Narration } from "@/components/narration";
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

/**
 * 'Storico Chat' (spec §2 Admin activity): the game's messages as bubbles, the player's on the
 * right and the AI's on the left, each with its optional image; 'Nessun messaggio in questa
 * chat.' when there are none. The AI's text goes through the shared Narration (as the player saw
 * it: A), B), C) choices, markdown without raw HTML, only http(s) links in a new tab). The
 * messages are the story's current path; when other branches exist (issue 11 §2: 'Rigenera',
 * 'Annulla', re-narrations) a note says how many messages lie outside it.
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
            <>
              {history.data.branches > 0 && (
                <p role="note" className="mb-3 rounded-lg border border-violet-400/40 bg-violet-500/10 px-3 py-2 text-sm">
                  Questa storia ha altri rami: {history.data.branches} {history.data.branches === 1 ? "messaggio non è" : "messaggi non sono"} sul percorso
                  mostrato.
                </p>
              )}
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
                        {mine ? <p className="whitespace-pre-wrap break-words">{m.content}</p> : <Narration text={m.content} className="space-y-2" />}
                        {image && <img src={image} alt="Immagine generata della scena" className="mt-2 max-h-64 rounded-lg" loading="lazy" />}
                        <p className={cn("mt-1 text-xs", mine ? "text-violet-100" : "text-muted-foreground")}>{formatDateTime(m.createdAt)}</p>
                      </div>
                    </li>
                  );
                })}
              </ol>
            </>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
