/**
 * 'Esporta' (issue 13 "The story as a book"): a menu with the story as an EPUB book (for
 * e-readers) or a PDF, on the game page's header and on each game of /profilo. Each item is a
 * plain download link to GET /api/games/{id}/export?format=…: the session cookie authenticates
 * it and the server names the file (Content-Disposition), so no script handles the bytes.
 */

import { BOOK_FORMATS, type BookFormat, bookExportPath } from "@shared/book-export";
import { BookDown, ChevronDown } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { cn } from "@/lib/utils";

const LABELS: Record<BookFormat, { name: string; hint: string }> = {
  epub: { name: "EPUB", hint: "per e-reader e app di lettura" },
  pdf: { name: "PDF", hint: "da stampare o leggere ovunque" },
};

/**
 * Input: the game id; `title` names the game in the button's accessible name when several games
 * are listed (/profilo: 'Esporta {title}'); `disabled` until the game is loaded; `className`
 * sizes the trigger like its neighbours.
 * Output: the 'Esporta' button and its menu (EPUB, PDF).
 */
export function ExportMenu({ gameId, title, disabled = false, className }: { gameId: string; title?: string; disabled?: boolean; className?: string }) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild disabled={disabled}>
        <Button type="button" variant="outline" size="sm" className={cn("gap-1.5", className)} aria-label={title ? `Esporta ${title}` : undefined}>
          <BookDown aria-hidden="true" />
          Esporta
          <ChevronDown aria-hidden="true" className="opacity-60" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {BOOK_FORMATS.map((format) => (
          <DropdownMenuItem key={format} asChild>
            <a href={bookExportPath(gameId, format)} download>
              <span className="font-medium">{LABELS[format].name}</span>
              <span className="text-xs text-muted-foreground">{LABELS[format].hint}</span>
            </a>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
