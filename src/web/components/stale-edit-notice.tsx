import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api";

/**
 * The version an admin form saves on (issue 22 §9: optimistic concurrency). Input: the version
 * the item was loaded with. Output: `version` to send with the save; `stale` once a save was
 * refused with 409 STALE_EDIT (`refused(error)` tells, and returns whether it was that); `adopt(v)`
 * makes the next save apply on top of version `v` (the admin has seen the current one).
 */
export function useEditVersion(loaded: number) {
  const [version, setVersion] = useState(loaded);
  const [stale, setStale] = useState(false);
  return {
    version,
    stale,
    refused(error: unknown): boolean {
      const isStale = error instanceof ApiError && error.code === "STALE_EDIT";
      if (isStale) setStale(true);
      return isStale;
    },
    adopt(latest: number) {
      setVersion(latest);
      setStale(false);
    },
  };
}

/**
 * Shown in a form whose save was refused because another admin saved the item meanwhile: the
 * server's message ('Questo elemento è stato modificato da un altro amministratore: ricarica per
 * vedere la versione attuale.'). The admin's edit stays in the form; 'Carica la versione attuale'
 * replaces it with the saved one, 'Mantieni la mia modifica' lets the next 'Salva' replace the
 * saved one. Both versions are in the audit log.
 */
export function StaleEditNotice({ onReload, onKeepMine }: { onReload: () => void; onKeepMine: () => void }) {
  return (
    <div role="alert" className="grid gap-3 rounded-lg border border-amber-400/50 bg-amber-950/40 p-3 text-sm text-amber-100">
      <p>Questo elemento è stato modificato da un altro amministratore: ricarica per vedere la versione attuale.</p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" variant="secondary" onClick={onReload}>
          Carica la versione attuale
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onKeepMine}>
          Mantieni la mia modifica
        </Button>
      </div>
    </div>
  );
}
