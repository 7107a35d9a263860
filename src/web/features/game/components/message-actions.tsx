/**
 * The actions under a stored message of the game chat (issue 11 §2, the player owns the story):
 * ‹ 2/3 › between the versions of a narration, 'Rigenera' and 'Annulla' on the latest message,
 * 'Riprendi da qui' on earlier narrations and pictures, 'Modifica' on any text but '/inizia' and '/continua'.
 */

import { parsePlayerAction } from "@shared/commands";
import { ChevronLeft, ChevronRight, GitBranch, Pencil, RefreshCw, Undo2 } from "lucide-react";
import type { ReactNode } from "react";
import type { MessageView } from "@/lib/api-contract";
import { Button } from "@/components/ui/button";

interface MessageActionsProps {
  message: MessageView;
  /** The message ends the story shown (the tip of the branch being played). */
  isLast: boolean;
  /** The story shown has a player's message to take back. */
  canUndo: boolean;
  /** No messages left today: 'Rigenera' (which costs one) is disabled. */
  limitReached: boolean;
  /** A turn or another action is running: everything is disabled. */
  busy: boolean;
  onRegenerate(): void;
  onUndo(): void;
  onSwitch(messageId: string): void;
  onResume(messageId: string): void;
  onEdit(): void;
}

function Action({ label, icon, onClick, disabled }: { label: string; icon: ReactNode; onClick(): void; disabled: boolean }) {
  return (
    <Button type="button" variant="ghost" size="sm" className="h-8 px-2 text-muted-foreground hover:text-foreground" disabled={disabled} onClick={onClick}>
      {icon}
      {label}
    </Button>
  );
}

/** Input: see props. Output: a row of small buttons, or nothing when no action applies. */
export function MessageActions({ message, isLast, canUndo, limitReached, busy, onRegenerate, onUndo, onSwitch, onResume, onEdit }: MessageActionsProps) {
  const narration = message.role === "assistant";
  const picture = narration && message.imageUrl !== null;
  const versions = message.alternatives;
  // '/inizia' starts the story, '/continua' lets it go on (issue 38 §4): there is nothing to rewrite in them.
  const command = narration ? null : parsePlayerAction(message.content).kind;
  const startCommand = command === "start" || command === "continue";
  return (
    <div role="group" aria-label={narration ? "Azioni sulla narrazione" : "Azioni sul tuo messaggio"} className="flex flex-wrap items-center gap-0.5">
      {versions && (
        <span className="flex items-center">
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label="Versione precedente"
            disabled={busy || !versions.previousId}
            onClick={() => versions.previousId && onSwitch(versions.previousId)}
          >
            <ChevronLeft aria-hidden />
          </Button>
          <span className="min-w-9 text-center text-xs text-muted-foreground tabular-nums" aria-label={`Versione ${versions.index} di ${versions.count}`}>
            {versions.index}/{versions.count}
          </span>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label="Versione successiva"
            disabled={busy || !versions.nextId}
            onClick={() => versions.nextId && onSwitch(versions.nextId)}
          >
            <ChevronRight aria-hidden />
          </Button>
        </span>
      )}
      {isLast && narration && !picture && <Action label="Rigenera" icon={<RefreshCw aria-hidden />} onClick={onRegenerate} disabled={busy || limitReached} />}
      {isLast && canUndo && <Action label="Annulla" icon={<Undo2 aria-hidden />} onClick={onUndo} disabled={busy} />}
      {!isLast && narration && <Action label="Riprendi da qui" icon={<GitBranch aria-hidden />} onClick={() => onResume(message.id)} disabled={busy} />}
      {!picture && !startCommand && <Action label="Modifica" icon={<Pencil aria-hidden />} onClick={onEdit} disabled={busy} />}
    </div>
  );
}
