import { templatePath } from "@shared/slug";
import { Heart, Play } from "lucide-react";
import { Link } from "react-router";
import type { TemplateCardView } from "@/lib/api-contract";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { formatCount } from "@/lib/format";
import { AuthorLine } from "./author-line";
import { TemplateCover } from "./template-cover";

/**
 * One template on /scopri (spec §2 Discover list): cover or placeholder, title (link to the
 * template page), its author (issue 40 §1), description, genre, plays, likes and 'Gioca' (to the
 * template page, where the player starts it with 'Gioca Ora').
 */
export function TemplateCard({ template }: { template: TemplateCardView }) {
  const to = templatePath(template.id, template.title);
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-border/70 bg-card shadow-sm transition-shadow hover:shadow-lg">
      <TemplateCover url={template.coverImageUrl} genre={template.genre} title={template.title} />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-center justify-between gap-2">
          <Badge>{template.genre}</Badge>
          <p className="flex items-center gap-3 text-sm text-muted-foreground">
            <span className="flex items-center gap-1" title="Giocate">
              <Play aria-hidden="true" className="size-3.5" />
              <span className="sr-only">Giocate:</span> {formatCount(template.plays)}
            </span>
            <span className="flex items-center gap-1" title="Mi piace">
              <Heart aria-hidden="true" className="size-3.5" />
              <span className="sr-only">Mi piace:</span> {formatCount(template.likes)}
            </span>
          </p>
        </div>
        <h2 className="text-lg leading-snug font-semibold">
          <Link to={to} className="outline-none after:absolute after:inset-0 focus-visible:underline">
            {template.title}
          </Link>
        </h2>
        <AuthorLine author={template.author} className="-mt-2" />
        <p className="line-clamp-3 flex-1 text-sm text-muted-foreground">{template.description}</p>
        <Button asChild className="relative z-10 mt-1 w-full rounded-full">
          <Link to={to} aria-label={`Gioca: ${template.title}`}>
            <Play aria-hidden="true" className="fill-current" />
            Gioca
          </Link>
        </Button>
      </div>
    </article>
  );
}

/** Placeholder card shown while the list loads (spec §2: six skeletons). */
export function TemplateCardSkeleton() {
  return (
    <div className="flex flex-col overflow-hidden rounded-xl border border-border/70 bg-card" aria-hidden="true">
      <Skeleton className="aspect-video w-full rounded-none" />
      <div className="flex flex-col gap-3 p-5">
        <Skeleton className="h-5 w-20" />
        <Skeleton className="h-6 w-3/4" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
        <Skeleton className="mt-1 h-9 w-full rounded-full" />
      </div>
    </div>
  );
}
