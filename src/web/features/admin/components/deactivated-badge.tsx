import { Badge } from "@/components/ui/badge";
import { formatDate } from "@/lib/format-date";

/** A deactivated account (issue 22 §10): the badge and the day the sweep erases it unless restored. */
export function DeactivatedBadge({ erasedAt }: { erasedAt: string }) {
  return (
    <span className="flex flex-wrap items-center gap-2 text-xs text-red-200">
      <Badge variant="destructive">Disattivato</Badge>
      cancellazione il {formatDate(erasedAt)}
    </span>
  );
}
