import type { UseInfiniteQueryResult } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";

interface LoadMoreButtonProps {
  query: Pick<UseInfiniteQueryResult, "isError" | "hasNextPage" | "isFetchingNextPage" | "fetchNextPage">;
  /** The button's text: 'Carica altre' in the gallery (spec §2 Gallery), 'Mostra altri' on /scopri and the profile. */
  label: "Carica altre" | "Mostra altri";
  /** Shown when a later page fails (the first page's error is the list's own). */
  errorText?: string;
  size?: "default" | "lg";
  className?: string;
}

/**
 * The end of a keyset-paged list (gallery images, 'Storie condivise', /scopri, 'I miei
 * preferiti'): the error of a later page, and the button that loads the next page with a spinner
 * while it comes, absent once the last page is in.
 */
export function LoadMoreButton({ query, label, errorText, size = "default", className }: LoadMoreButtonProps) {
  return (
    <>
      {errorText && query.isError && (
        <p role="alert" className="mt-6 text-center text-red-200">
          {errorText}
        </p>
      )}
      {query.hasNextPage && (
        <div className={cn("flex justify-center", className)}>
          <Button size={size} variant="outline" className="rounded-full" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {query.isFetchingNextPage && <Spinner />}
            {label}
          </Button>
        </div>
      )}
    </>
  );
}
