import { ChevronLeft, ChevronRight } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";

interface PaginationBarProps {
  page: number;
  pageSize: number;
  total: number;
  /** Plural noun after the count: 'Mostrando 1 - 20 di 45 partite'. */
  noun: string;
  onPage: (page: number) => void;
  /** When given, a rows-per-page selector with these sizes is shown. */
  pageSizes?: readonly number[];
  onPageSize?: (size: number) => void;
}

/**
 * Server-side pagination controls (spec §2 Admin activity): 'Mostrando x - y di N {noun}', an
 * optional rows-per-page selector, and 'Precedente' / 'Successiva' (disabled at the ends).
 */
export function PaginationBar({ page, pageSize, total, noun, onPage, pageSizes, onPageSize }: PaginationBarProps) {
  const selectId = useId();
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="mt-4 flex flex-col gap-3 text-sm sm:flex-row sm:items-center sm:justify-between">
      <p className="text-muted-foreground" aria-live="polite">
        Mostrando {first} - {last} di {total} {noun}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        {pageSizes && onPageSize && (
          <div className="flex items-center gap-2">
            <label htmlFor={selectId} className="whitespace-nowrap text-muted-foreground">
              Righe per pagina
            </label>
            <div className="w-20">
              <NativeSelect id={selectId} value={pageSize} onChange={(e) => onPageSize(Number(e.target.value))} className="h-9">
                {pageSizes.map((size) => (
                  <NativeSelectOption key={size} value={size}>
                    {size}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            </div>
          </div>
        )}
        <div className="flex items-center gap-2">
          <Button variant="outline" size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1}>
            <ChevronLeft aria-hidden="true" />
            Precedente
          </Button>
          <span className="tabular-nums text-muted-foreground">
            {page} / {pages}
          </span>
          <Button variant="outline" size="sm" onClick={() => onPage(page + 1)} disabled={page >= pages}>
            Successiva
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </div>
    </div>
  );
}
