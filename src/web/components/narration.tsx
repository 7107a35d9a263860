/**
 * Narrator text (spec §2 Game chat, Admin activity 'Storico Chat'; DESIGN §5 Security rules): numbered choices become A), B), C)
 * (formatChoices), then markdown is rendered without raw HTML (narration-markdown.tsx). Line
 * breaks inside a paragraph are kept, so the A), B), C) choices stay on their own lines.
 *
 * The markdown renderer (react-markdown and its parsers: about 35 KB and the largest part of the
 * game page's code) loads only once the page needs it (issue 21). A page the server rendered
 * paints its narrations from the HTML, and React leaves each of them as the server sent it (a
 * Suspense boundary waiting for its code: selective hydration): the stored story is read, never
 * re-rendered, so the renderer is neither fetched nor run for it. The renderer is wanted when a
 * narration the browser renders itself (one being written, a turn rendered by the virtualised
 * story, a page reached from another) is about to be seen, while it shows as plain text with its
 * paragraphs' line breaks; or when 'Ascolta' or 'Modifica' is first used, which change a
 * narration. Once it has arrived, every narration is hydrated in place.
 */

import { formatChoices } from "@shared/choices";
import { lazy, memo, Suspense } from "react";
import { cn } from "@/lib/utils";
import { useOnceInView } from "@/lib/use-once-in-view";
import { useSpokenSentence } from "./narration-highlight";

let resolveWanted!: () => void;
/** Resolved once the page needs the markdown renderer (wantNarrationMarkdown); at once on the server, which renders every narration. */
const wanted = new Promise<void>((resolve) => (resolveWanted = resolve));
if (typeof window === "undefined") resolveWanted();

/**
 * Starts loading the markdown renderer, if it was not yet (idempotent). Called by a narration
 * about to be seen as plain text, and by the features that change a narration ('Ascolta',
 * 'Modifica') when they are first used, so that the change renders formatted at once.
 */
export function wantNarrationMarkdown(): void {
  resolveWanted();
}

/** The markdown renderer in a chunk of its own, fetched once wanted. */
const NarrationMarkdown = lazy(() => wanted.then(() => import("./narration-markdown")));

/** How far (px) outside the screen a narration shown as plain text already asks for the renderer: a screen's height, scrolling either way. */
const WANT_MARGIN = "100% 0px";

/**
 * A narration as plain text while the renderer is not there (Suspense's fallback: never on the
 * server's page, whose HTML stays). Input: its markdown. Output: one paragraph keeping its line
 * breaks; it wants the renderer once it comes within a screen of the viewport.
 */
function PlainNarration({ markdown }: { markdown: string }) {
  return <p ref={useOnceInView(wantNarrationMarkdown, WANT_MARGIN)}>{markdown}</p>;
}

/** Caret after the last block while the reply is still being written (no blink with reduced motion). */
const CARET =
  "[&>:last-child]:after:ml-0.5 [&>:last-child]:after:inline-block [&>:last-child]:after:h-[1.1em] [&>:last-child]:after:w-[0.5ch] [&>:last-child]:after:translate-y-[0.2em] [&>:last-child]:after:animate-pulse [&>:last-child]:after:bg-current [&>:last-child]:after:content-[''] motion-reduce:[&>:last-child]:after:animate-none";

/**
 * Input: `text` (narration markdown, possibly partial), `streaming` (shows a typing caret) and
 * an optional `className` for the container.
 * Output: the formatted narration; the sentence being read aloud in it, if any, is marked
 * (narration-highlight.ts, issue 13 Listen). Memoised: a narration renders again only when its
 * text or look changes (or its highlight), not with every render of the page around it. Keep it
 * so: the page's renders must not reach a boundary still waiting to hydrate, which React would
 * then throw away and render again in the browser (ADR 0015).
 */
export const Narration = memo(function Narration({ text, streaming = false, className }: { text: string; streaming?: boolean; className?: string }) {
  const spoken = useSpokenSentence(text);
  const markdown = formatChoices(text, { partial: streaming });
  return (
    <div
      className={cn(
        "space-y-3 break-words [&_p]:whitespace-pre-line [&_ol]:list-decimal [&_ol]:space-y-1 [&_ol]:pl-5 [&_strong]:font-semibold [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-5 [&_h1]:text-lg [&_h1]:font-semibold [&_h2]:text-base [&_h2]:font-semibold [&_h3]:font-semibold [&_blockquote]:border-l-2 [&_blockquote]:border-current/40 [&_blockquote]:pl-3 [&_blockquote]:italic [&_code]:rounded [&_code]:bg-black/20 [&_code]:px-1",
        streaming && CARET,
        className,
      )}
    >
      <Suspense fallback={<PlainNarration markdown={markdown} />}>
        <NarrationMarkdown markdown={markdown} spoken={spoken} />
      </Suspense>
    </div>
  );
});
