import type { UseInfiniteQueryResult } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";

/**
 * 'Mostra altri' under a keyset-paged template list (/scopri, 'I miei preferiti'): loads the next
 * page, shows a spinner while it comes, and is absent once the last page is in.
 */
export function LoadMoreButton({
  query,
  className,
}: {
  query: Pick<UseInfiniteQueryResult, "hasNextPage" | "isFetchingNextPage" | "fetchNextPage">;
  className?: string;
}) {
  if (!query.hasNextPage) return null;
  return (
    <div className={cn("flex justify-center", className)}>
      <Button variant="outline" className="rounded-full" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
        {query.isFetchingNextPage && <Spinner />}
        Mostra altri
      </Button>
    </div>
  );
}
