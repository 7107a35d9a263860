/**
 * The menu of 'Esporta' (issue 13 "The story as a book"), loaded when first opened (issue 21:
 * export-menu.tsx), so it opens at once: the story as an EPUB book (for e-readers) or a PDF. Each
 * item is a plain download link to GET /api/games/{id}/export?format=…: the session cookie
 * authenticates it and the server names the file (Content-Disposition), so no script handles
 * the bytes.
 */

import { BOOK_FORMATS, type BookFormat, bookExportPath } from "@shared/book-export";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { ExportButton, type ExportMenuProps } from "./export-button";

const LABELS: Record<BookFormat, { name: string; hint: string }> = {
  epub: { name: "EPUB", hint: "per e-reader e app di lettura" },
  pdf: { name: "PDF", hint: "da stampare o leggere ovunque" },
};

/** Input: see ExportMenuProps. Output: the 'Esporta' button and its menu (EPUB, PDF), open. */
export default function ExportDropdown({ gameId, title, disabled = false, className }: ExportMenuProps) {
  return (
    <DropdownMenu modal={false} defaultOpen>
      <DropdownMenuTrigger asChild disabled={disabled}>
        <ExportButton title={title} className={className} />
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
