import { Link } from "react-router";
import { creatorPath } from "../api";

/** The site's name as the author of its starter scenarios (issue 40 §4). */
const SITE_AUTHOR = "Storie.ai";

/**
 * 'di {autore}' under a scenario (issue 40 §1): a player's nickname links to their creator page
 * /autore/{nickname}; 'Storie.ai' (the starters) is plain text; nothing for the site's other
 * templates (author null). The name is text, never HTML. `className` styles the line.
 */
export function AuthorLine({ author, className = "" }: { author: string | null; className?: string }) {
  if (!author) return null;
  return (
    <p className={`text-sm text-muted-foreground ${className}`}>
      di{" "}
      {author === SITE_AUTHOR ? (
        <span className="font-medium text-foreground">{author}</span>
      ) : (
        <Link to={creatorPath(author)} className="relative z-10 font-medium text-violet-300 underline-offset-4 hover:underline">
          {author}
        </Link>
      )}
    </p>
  );
}
