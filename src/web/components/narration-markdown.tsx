/**
 * The markdown of a narration (spec §2 Game chat, Admin activity 'Storico Chat'; DESIGN §5
 * Security rules), rendered WITHOUT raw HTML (react-markdown escapes it): images are dropped and
 * only http(s) links survive, opening in a new tab. Loaded on its own by <Narration> (issue 21:
 * the markdown renderer is not needed to paint a page the server rendered).
 */

import type { ComponentProps } from "react";
import Markdown, { type Components } from "react-markdown";
import { rehypeMarkSentence, type SpokenSentence } from "./narration-highlight";

/** Keeps http(s) URLs only; anything else (javascript:, data:, relative…) becomes no link. */
function httpOnly(url: string): string {
  return /^https?:\/\//i.test(url) ? url : "";
}

function SafeLink({ href, children }: ComponentProps<"a">) {
  if (!href) return <span>{children}</span>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="font-medium text-primary-foreground underline underline-offset-4">
      {children}
    </a>
  );
}

const components: Components = { a: SafeLink };

/**
 * Input: `markdown` (the narration with its choices already formatted, formatChoices) and the
 * sentence being read aloud in it, if any. Output: its blocks (paragraphs, lists, quotes…), the
 * spoken sentence marked (narration-highlight.ts).
 */
export default function NarrationMarkdown({ markdown, spoken }: { markdown: string; spoken: SpokenSentence | null }) {
  return (
    <Markdown components={components} urlTransform={httpOnly} disallowedElements={["img"]} rehypePlugins={spoken ? [[rehypeMarkSentence, spoken]] : undefined}>
      {markdown}
    </Markdown>
  );
}
