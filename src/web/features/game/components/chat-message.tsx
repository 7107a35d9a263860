/**
 * One chat bubble (spec §2 Game chat: a message shows role, content and an optional image).
 * Player's text is shown as plain text, the narrator's through <Narration> (markdown, no HTML).
 * A player's '/continua' (issue 38 §4) is a small italic marker between the two narrations: the
 * story reads on, and the reader still sees where the player let the narrator go on.
 */

import { parsePlayerAction } from "@shared/commands";
import { Feather } from "lucide-react";
import type { ReactNode } from "react";
import type { MeasureRef } from "./virtual-story";
import type { MessageAuthorView, MessageImageView, MessageView } from "@/lib/api-contract";
import { playerTextColor } from "@/lib/player-color";
import { cn } from "@/lib/utils";
import { Narration } from "@/components/narration";
import { SceneImage, SceneImagePending } from "./scene-image";


interface ChatMessageProps {
  role: MessageView["role"];
  content: string;
  imageUrl?: string | null;
  /** Who sent a player's message in a group story (issue 24): their nickname in their colour instead of 'Tu'. */
  author?: MessageAuthorView | null;
  /** Gallery side of a generated scene image (creator, link, offline label). */
  image?: MessageImageView | null;
  /** '/visualizza' in progress: a drawing placeholder instead of the typing indicator. */
  visualizing?: boolean;
  /** The narration is still being written: typing indicator or caret, aria-busy. */
  streaming?: boolean;
  /** The provider is busy and asked again (issue 20 §1): 'Il narratore ci sta pensando…' instead of the typing indicator. */
  waiting?: boolean;
  /** Not yet confirmed by the server (the player's message while the turn is being accepted). */
  pending?: boolean;
  /** The player changed the text ('Modifica', issue 11 §2): marked '(modificato)'. */
  edited?: boolean;
  /** 'Modifica' open on this message: the editor takes the place of the text. */
  editor?: ReactNode;
  /** Actions shown under the bubble (e.g. 'Riprova', MessageActions). */
  children?: ReactNode;
  /** A row of the virtualised story (VirtualStory): measured through this ref, with its index. */
  row?: { measureRef: MeasureRef; index: number };
}

/**
 * Input: see props. Output: an <li> with the speaker ('Tu', the author's nickname in a group story, or 'Narratore'), the bubble (player's
 * on the right, narrator's on the left) and the optional actions below it.
 */
export function ChatMessage({ role, content, author, imageUrl, image, visualizing = false, streaming = false, waiting = false, pending = false, edited = false, editor, children, row }: ChatMessageProps) {
  const mine = role === "user";
  if (mine && !editor && parsePlayerAction(content).kind === "continue") {
    return (
      <li ref={row?.measureRef} data-index={row?.index} className={cn("flex flex-col items-center gap-1", pending && "opacity-80")}>
        <p className="text-xs text-muted-foreground italic">
          <span className="sr-only">{author ? author.nickname : "Tu"}: </span>(Continua)
        </p>
        {children}
      </li>
    );
  }
  if (!mine && (imageUrl || visualizing)) {
    return (
      <li ref={row?.measureRef} data-index={row?.index} className="flex flex-col gap-1.5 pr-4 sm:pr-12" aria-busy={visualizing || undefined}>
        <span className="flex items-center gap-1.5 px-1 text-xs font-medium text-muted-foreground">
          <Feather aria-hidden className="size-3.5" />
          Narratore
        </span>
        {imageUrl ? <SceneImage title={content} imageUrl={imageUrl} image={image ?? null} /> : <SceneImagePending />}
        {children}
      </li>
    );
  }
  return (
    <li
      ref={row?.measureRef}
      data-index={row?.index}
      className={cn("flex flex-col gap-1.5", mine ? "items-end pl-8 sm:pl-16" : "items-start pr-4 sm:pr-12")} aria-busy={streaming || undefined}>
      <span className="flex items-center gap-1.5 px-1 text-xs font-medium text-muted-foreground">
        {!mine && <Feather aria-hidden className="size-3.5" />}
        {mine && author ? (
          <span className="flex items-center gap-1.5 font-semibold" style={{ color: playerTextColor(author.color) }}>
            <span aria-hidden className="size-2 rounded-full" style={{ backgroundColor: author.color }} />
            {author.nickname}
          </span>
        ) : mine ? (
          "Tu"
        ) : (
          "Narratore"
        )}
        {edited && <span className="font-normal">(modificato)</span>}
      </span>
      <div
        className={cn(
          "max-w-full rounded-2xl px-4 py-3 leading-relaxed shadow-sm",
          mine
            ? "rounded-br-sm bg-linear-to-br from-violet-700 to-indigo-800 text-white"
            : "rounded-bl-sm border bg-card text-card-foreground",
          pending && "opacity-80",
          // The editor takes the whole row, whatever the length of the text being edited.
          editor && "w-full",
        )}
      >
        {editor ?? (mine ? (
          <p className="break-words whitespace-pre-wrap">{content}</p>
        ) : streaming && !content ? (
          <p className="flex items-center gap-2 text-muted-foreground">
            {waiting ? "Il narratore ci sta pensando…" : "Il narratore sta scrivendo"}
            <span aria-hidden className="flex gap-1">
              {[0, 150, 300].map((delay) => (
                <span key={delay} className="size-1.5 animate-bounce rounded-full bg-current motion-reduce:animate-none" style={{ animationDelay: `${delay}ms` }} />
              ))}
            </span>
          </p>
        ) : (
          <Narration text={content} streaming={streaming} />
        ))}
        {imageUrl && <img src={imageUrl} alt="Immagine della scena" loading="lazy" className="mt-3 w-full rounded-lg" />}
      </div>
      {children}
    </li>
  );
}
