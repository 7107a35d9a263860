import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

/** The end of a paged gallery list: what an infinite query exposes for its next page. */
interface PagedQuery {
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): Promise<unknown>;
}

/**
 * Below a gallery list (images, 'Storie condivise'): the error of a later page (`errorText`) and
 * 'Carica altre' while the server has more pages.
 */
export function MorePages({ query, errorText }: { query: PagedQuery; errorText: string }) {
  return (
    <>
      {query.isError && (
        <p role="alert" className="mt-6 text-center text-red-200">
          {errorText}
        </p>
      )}
      {query.hasNextPage && (
        <div className="mt-10 flex justify-center">
          <Button size="lg" variant="outline" className="rounded-full" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {query.isFetchingNextPage && <Spinner />}
            Carica altre
          </Button>
        </div>
      )}
    </>
  );
}
