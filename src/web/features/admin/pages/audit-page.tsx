import { AUDIT_ACTION_LABELS } from "@shared/audit-actions";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { type AuditFilters, auditLogQuery } from "../api";
import { AdminListState } from "../components/admin-list-state";
import { AdminPageHeader } from "../components/admin-page-header";
import { AuditEntryItem } from "../components/audit-entry-item";
import { SelectField, TextField } from "../components/fields";

const ACTION_OPTIONS = Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => ({ value, label }));

/** The start of a local calendar day ('YYYY-MM-DD' from a date input) as an ISO instant, `days` later; undefined when empty. */
function dayStart(day: string, days = 0): string | undefined {
  if (!day) return undefined;
  const [y, m, d] = day.split("-").map(Number);
  const date = new Date(y!, m! - 1, d! + days);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/**
 * /admin/audit, 'Registro attività' (issue 9 finding 8): every audit entry, newest first, also
 * those of deleted accounts; filters by who (part of the e-mail, applied 300 ms after typing),
 * action and days 'Dal'–'Al' (local days, both included); 'Mostra altri' loads the next page by
 * keyset cursor. Repeated denied calls appear once with their count.
 */
export function AuditPage() {
  const [actorText, setActorText] = useState("");
  const [actor, setActor] = useState("");
  const [action, setAction] = useState("");
  const [fromDay, setFromDay] = useState("");
  const [toDay, setToDay] = useState("");

  useEffect(() => {
    const timer = setTimeout(() => setActor(actorText.trim()), 300);
    return () => clearTimeout(timer);
  }, [actorText]);

  const filters: AuditFilters = { actor, action, from: dayStart(fromDay), to: dayStart(toDay, 1) };
  const log = useInfiniteQuery(auditLogQuery(filters));
  const entries = log.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <div>
      <AdminPageHeader title="Registro attività" description="Chi ha fatto cosa, e i tentativi di accesso negati." />
      <form
        aria-label="Filtri del registro"
        className="mb-6 grid gap-4 rounded-xl border bg-card p-4 sm:grid-cols-2 lg:grid-cols-4"
        onSubmit={(e) => e.preventDefault()}
      >
        <TextField id="registro-chi" label="Chi (email)" type="search" placeholder="nome@esempio.it" value={actorText} onChange={(e) => setActorText(e.target.value)} />
        <SelectField id="registro-azione" label="Azione" emptyOption="Tutte" options={ACTION_OPTIONS} value={action} onChange={(e) => setAction(e.target.value)} />
        <TextField id="registro-dal" label="Dal" type="date" value={fromDay} max={toDay || undefined} onChange={(e) => setFromDay(e.target.value)} />
        <TextField id="registro-al" label="Al" type="date" value={toDay} min={fromDay || undefined} onChange={(e) => setToDay(e.target.value)} />
      </form>

      <AdminListState query={log} errorText="Impossibile caricare il registro" isEmpty={() => entries.length === 0} emptyText="Nessun evento registrato con questi filtri.">
        {() => (
          <>
            <ul aria-label="Eventi" className="grid gap-2">
              {entries.map((entry) => (
                <AuditEntryItem key={entry.id} entry={entry} />
              ))}
            </ul>
            {log.hasNextPage && (
              <div className="mt-4 flex justify-center">
                <Button variant="secondary" disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
                  {log.isFetchingNextPage ? "Caricamento..." : "Mostra altri"}
                </Button>
              </div>
            )}
          </>
        )}
      </AdminListState>
    </div>
  );
}
