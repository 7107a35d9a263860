import { CreatorLink } from "@/components/creator-name";

/** The site's name as the author of its starter scenarios (issue 40 §4). */
const SITE_AUTHOR = "Storie.ai";

/**
 * 'di {autore}' under a scenario (issue 40 §1): a player's nickname links to their creator page
 * /autore/{nickname} (components/creator-name.tsx); 'Storie.ai' (the starters) is plain text;
 * nothing for the site's other templates (author null). The name is text, never HTML. `className`
 * styles the line.
 */
export function AuthorLine({ author, className = "" }: { author: string | null; className?: string }) {
  if (!author) return null;
  return (
    <p className={`text-sm text-muted-foreground ${className}`}>
      di {author === SITE_AUTHOR ? <span className="font-medium text-foreground">{author}</span> : <CreatorLink nickname={author} />}
    </p>
  );
}
