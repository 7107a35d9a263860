/**
 * An author's name that leads to their creator page /autore/{nickname} (issue 40 §1): under a
 * scenario, on a shared story and on a gallery picture. The name is text, never HTML.
 */

import { creatorPath } from "@shared/slug";
import { Link } from "react-router";
import { cn } from "@/lib/utils";

/**
 * The link to a creator page. Input: the author's nickname (shown and put in the address,
 * percent-encoded), an optional `className` (added to the link's style) and the text when it
 * differs from the nickname. Above a card's stretched link (relative z-10), so it is clickable there.
 */
export function CreatorLink({ nickname, className, children }: { nickname: string; className?: string; children?: string }) {
  return (
    <Link
      to={creatorPath(nickname)}
      className={cn("relative z-10 rounded-sm font-medium text-violet-300 underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60", className)}
    >
      {children ?? nickname}
    </Link>
  );
}

/**
 * A creator's public name (issue 22 §3): `name` (nickname, else first name; null → 'Utente
 * anonimo'), a link to their creator page when `nickname` is set (the server sets it only when
 * that page exists), else plain text styled with `className`.
 */
export function CreatorName({ name, nickname, className }: { name: string | null; nickname: string | null; className?: string }) {
  if (nickname) return <CreatorLink nickname={nickname}>{name ?? nickname}</CreatorLink>;
  return <span className={className}>{name ?? "Utente anonimo"}</span>;
}
