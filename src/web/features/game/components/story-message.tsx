/**
 * One stored message of the game chat with its controls (issue 11 §2) and, when open, its
 * editor. Memoised (issue 11 §5): while a narration streams in, or the player types, the stored
 * story does not render again; a row renders when its own message or state changes. The page
 * passes stable callbacks (useCallback, TanStack's mutate).
 */

import { RotateCcw } from "lucide-react";
import { lazy, memo, Suspense } from "react";
import type { MessageAuthorView, MessageView } from "@/lib/api-contract";
import { Button } from "@/components/ui/button";
import { wantNarrationMarkdown } from "@/components/narration";
import { ChatMessage } from "./chat-message";
import { MessageActions } from "./message-actions";
import type { MeasureRef } from "./virtual-story";

/**
 * The 'Modifica' editor (its form and validation), loaded the first time the player edits (issue
 * 21), with the markdown renderer that shows the saved narration.
 */
const MessageEditor = lazy(() => {
  wantNarrationMarkdown();
  return import("./message-editor").then((m) => ({ default: m.MessageEditor }));
});

/** The player's controls over the story, the same for every row. */
export interface StoryHandlers {
  retry(): void;
  regenerate(): void;
  renarrate(messageId: string, content: string): Promise<boolean>;
  undo(): void;
  switchTo(messageId: string): void;
  resumeFrom(messageId: string): void;
  save(messageId: string, content: string): Promise<boolean>;
  /** Opens the editor on a message (null closes it). */
  edit(messageId: string | null): void;
}

interface StoryMessageProps {
  message: MessageView;
  /** Position in the virtualised story and its measuring ref (VirtualStory). */
  index: number;
  measureRef: MeasureRef;
  isLast: boolean;
  canUndo: boolean;
  /** The latest message is the player's and nothing runs: 'Riprova' under it. */
  canRetry: boolean;
  limitReached: boolean;
  busy: boolean;
  editing: boolean;
  /**
   * A group story seen by another player than its host: the host's nickname and colour, for the
   * player's messages without an author (those the host wrote before the story had a group).
   */
  hostAuthor: MessageAuthorView | null;
  /** The player owns the story: false for the other players of a group story, who see no controls (issue 24: they are the host's). */
  host: boolean;
  handlers: StoryHandlers;
}

/** Input: see props. Output: the message's <li> (ChatMessage) with 'Riprova', the actions or the editor (the host's only). */
export const StoryMessage = memo(function StoryMessage({ message, index, measureRef, isLast, canUndo, canRetry, limitReached, busy, editing, hostAuthor, host, handlers }: StoryMessageProps) {
  return (
    <ChatMessage
      row={{ measureRef, index }}
      role={message.role}
      content={message.content}
      author={message.author ?? (message.role === "user" ? hostAuthor : null)}
      imageUrl={message.imageUrl}
      image={message.image}
      edited={message.edited}
      editor={
        editing ? (
          <Suspense fallback={<p className="text-sm text-muted-foreground">Apertura dell'editor…</p>}>
            <MessageEditor
              role={message.role}
              content={message.content}
              busy={busy}
              onSave={(content) => handlers.save(message.id, content)}
              onRenarrate={message.role === "user" ? (content) => handlers.renarrate(message.id, content) : undefined}
              onCancel={() => handlers.edit(null)}
            />
          </Suspense>
        ) : undefined
      }
    >
      {host && canRetry && isLast && (
        <Button type="button" variant="outline" className="h-10" disabled={limitReached} onClick={handlers.retry}>
          <RotateCcw aria-hidden />
          Riprova
        </Button>
      )}
      {host && !editing && (
        <MessageActions
          message={message}
          isLast={isLast}
          canUndo={canUndo}
          limitReached={limitReached}
          busy={busy}
          onRegenerate={handlers.regenerate}
          onUndo={handlers.undo}
          onSwitch={handlers.switchTo}
          onResume={handlers.resumeFrom}
          onEdit={() => handlers.edit(message.id)}
        />
      )}
    </ChatMessage>
  );
});
