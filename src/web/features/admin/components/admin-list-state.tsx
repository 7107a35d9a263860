import type { ReactNode } from "react";
import { CenteredSpinner } from "@/components/ui/spinner";

/**
 * The four states of an admin list (spec §2 Admin pages): a spinner while `query` loads, its
 * failure as an alert ("{errorText}: {message}") while nothing was loaded, `emptyText` when
 * `isEmpty(data)`, else the list (`children(data)`; a later failure, e.g. of a further page, leaves
 * the loaded rows in place). `query` is a TanStack Query result (plain or infinite).
 */
export function AdminListState<T>({
  query,
  errorText,
  isEmpty,
  emptyText,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: Error | null; data: T | undefined };
  errorText: string;
  isEmpty: (data: T) => boolean;
  emptyText: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <CenteredSpinner className="min-h-[30vh]" />;
  if (query.data === undefined) {
    return (
      <p role="alert" className="rounded-lg border border-red-400/40 bg-red-950/40 p-4 text-red-100">
        {errorText}: {query.error?.message}
      </p>
    );
  }
  if (isEmpty(query.data)) return <p className="rounded-lg border p-6 text-center text-muted-foreground">{emptyText}</p>;
  return children(query.data);
}
