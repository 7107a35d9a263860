/**
 * Narrator text (spec §2 Game chat, Admin activity 'Storico Chat'; DESIGN §5 Security rules): numbered choices become A), B), C)
 * (formatChoices), then markdown is rendered without raw HTML (narration-markdown.tsx). Line
 * breaks inside a paragraph are kept, so the A), B), C) choices stay on their own lines.
 *
 * The markdown renderer loads on its own, when a narration first needs it (issue 21). A page the
 * server rendered paints its narrations from the HTML and React hydrates each of them once the
 * renderer has arrived (a Suspense boundary left as the server sent it: selective hydration), so
 * the renderer is neither fetched nor run before the page is visible. A narration rendered in the
 * browser before then shows as plain text (its paragraphs' line breaks kept) for that moment.
 */

import { formatChoices } from "@shared/choices";
import { lazy, memo, Suspense } from "react";
import { cn } from "@/lib/utils";
import { useSpokenSentence } from "./narration-highlight";

/** The markdown renderer (react-markdown and its parsers, the largest part of the game page's code) in a chunk of its own. */
const NarrationMarkdown = lazy(() => import("./narration-markdown"));

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
      <Suspense fallback={<p>{markdown}</p>}>
        <NarrationMarkdown markdown={markdown} spoken={spoken} />
      </Suspense>
    </div>
  );
});
