import { auditActionLabel } from "@shared/audit-actions";
import type { AuditEntryView } from "@/lib/api-contract";
import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/lib/format-date";

/** Who acted, as shown: the e-mail of the time, 'Ospite o sconosciuto' without one, and a note once that account is gone. */
function actorLabel(entry: AuditEntryView): string {
  const who = entry.userEmail ?? "Ospite o sconosciuto";
  return entry.actorExists ? who : `${who} (account eliminato)`;
}

/**
 * One audit entry (issue 9 finding 8) as a list item: when, what (its Italian label, issue 39),
 * who, the description's first line and the address; the rest of a description of several lines
 * (the fields of an admin edit) under 'Dettagli', line breaks kept; repeated denials show '×N'
 * and the last time. Everything is text (nothing from the log is rendered as HTML).
 */
export function AuditEntryItem({ entry }: { entry: AuditEntryView }) {
  const label = auditActionLabel(entry.action);
  const [summary, ...more] = (entry.detail ?? "").split("\n");
  return (
    <li className="grid gap-1 rounded-lg bg-secondary/40 px-3 py-2 text-sm sm:grid-cols-[10rem_1fr] sm:gap-3">
      <span className="tabular-nums text-muted-foreground">{formatDateTime(entry.createdAt)}</span>
      <div className="min-w-0 break-words">
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{label}</span>
          {entry.count > 1 && (
            <Badge variant="secondary" title={`Ultima volta: ${formatDateTime(entry.lastAt)}`}>
              ×{entry.count} · ultima {formatDateTime(entry.lastAt)}
            </Badge>
          )}
        </span>
        <span className="block text-muted-foreground">
          {actorLabel(entry)}
          {summary && <> · {summary}</>}
          {entry.ip && <> · {entry.ip}</>}
        </span>
        {more.length > 0 && (
          <details className="mt-1">
            <summary className="cursor-pointer rounded-sm text-muted-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none">Dettagli</summary>
            <p tabIndex={0} className="mt-1 max-h-80 overflow-y-auto whitespace-pre-wrap">{more.join("\n")}</p>
          </details>
        )}
      </div>
    </li>
  );
}
