import { KIND_LABELS } from "@shared/schemas/moderation";
import { ExternalLink } from "lucide-react";
import type { QueueContentView } from "@/lib/api-contract";

/**
 * A reported item shown in place in the queue (issue 23): the image, the story's text (its first
 * paragraphs and choices), or the template's texts, with a link to its public page. Everything is
 * plain text, never HTML. `null`: its owner deleted it meanwhile.
 */
export function ContentPreview({ content }: { content: QueueContentView | null }) {
  if (!content) return <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">Il contenuto non esiste più: chi l'ha pubblicato l'ha eliminato.</p>;
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-lg font-semibold break-words">«{content.title}»</h3>
        <a href={content.path} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 text-sm text-violet-300 underline-offset-4 hover:underline">
          Apri la pagina
          <ExternalLink aria-hidden className="size-3.5" />
          <span className="sr-only">(si apre in una nuova scheda)</span>
        </a>
      </div>
      {content.kind === "image" && (
        <img
          src={content.imageUrl}
          alt={content.title}
          width={content.width ?? undefined}
          height={content.height ?? undefined}
          loading="lazy"
          className="h-auto max-h-96 w-full rounded-lg border bg-muted object-contain"
        />
      )}
      {content.kind === "story" && (
        <div className="max-h-80 overflow-y-auto rounded-lg border bg-background/60 p-4 font-serif text-sm leading-relaxed" tabIndex={0} aria-label={`Testo della storia «${content.title}»`}>
          {content.paragraphs.length === 0 ? <p className="text-muted-foreground">La storia non è ancora cominciata.</p> : content.paragraphs.map((p, i) => <p key={i} className="mb-3 whitespace-pre-line">{p}</p>)}
          {content.truncated && <p className="text-muted-foreground">… il resto della storia è sulla sua pagina.</p>}
        </div>
      )}
      {content.kind === "template" && (
        <dl className="grid gap-2 rounded-lg border bg-background/60 p-4 text-sm">
          <dt className="font-medium text-muted-foreground">Descrizione</dt>
          <dd className="whitespace-pre-line">{content.description}</dd>
          <dt className="font-medium text-muted-foreground">Inizio della storia</dt>
          <dd className="whitespace-pre-line">{content.initialPrompt}</dd>
          {content.coverImageUrl && (
            <>
              <dt className="font-medium text-muted-foreground">Copertina</dt>
              <dd>
                <img src={content.coverImageUrl} alt={`Copertina di ${content.title}`} loading="lazy" className="max-h-48 rounded-md border object-contain" />
              </dd>
            </>
          )}
        </dl>
      )}
      <p className="sr-only">{KIND_LABELS[content.kind]}</p>
    </div>
  );
}
