import { AUDIT_ACTION_LABELS } from "@shared/schemas/admin";
import type { AuditEntryView } from "@/lib/api-contract";
import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/lib/format-date";

/** Who acted, as shown: the e-mail of the time, 'Ospite o sconosciuto' without one, and a note once that account is gone. */
function actorLabel(entry: AuditEntryView): string {
  const who = entry.userEmail ?? "Ospite o sconosciuto";
  return entry.actorExists ? who : `${who} (account eliminato)`;
}

/**
 * One audit entry (issue 9 finding 8) as a list item: when, what (Italian label, machine name
 * for unknown actions), who, the description and the address; repeated denials show '×N' and
 * the last time. Everything is text (nothing from the log is rendered as HTML).
 */
export function AuditEntryItem({ entry }: { entry: AuditEntryView }) {
  const label = AUDIT_ACTION_LABELS[entry.action] ?? entry.action;
  return (
    <li className="grid gap-1 rounded-lg bg-secondary/40 px-3 py-2 text-sm sm:grid-cols-[10rem_1fr] sm:gap-3">
      <span className="tabular-nums text-muted-foreground">{formatDateTime(entry.createdAt)}</span>
      <span className="min-w-0 break-words">
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
          {entry.detail && <> · {entry.detail}</>}
          {entry.ip && <> · {entry.ip}</>}
        </span>
      </span>
    </li>
  );
}
