/**
 * 'Modifica bozza' on the template page (issue 40 §1): on the author's own draft, a button that
 * opens the draft's editor under it. The editor (its form, the shared schema and zod) is loaded
 * the first time it opens, so the page's first load stays without zod.
 */

import { Pencil, X } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import type { TemplateDetailView } from "@/lib/api-contract";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

const DraftEditorForm = lazy(() => import("./draft-editor-form"));

/** Input: the template; renders nothing unless it is the caller's draft. Output: the button and, open, the editor. */
export function DraftEditor({ template }: { template: TemplateDetailView }) {
  const [open, setOpen] = useState(false);
  if (!template.draft) return null;
  return (
    <div className="mt-3 flex flex-col gap-4">
      <div>
        <Button variant={open ? "ghost" : "outline"} className="rounded-full" aria-expanded={open} aria-controls="modifica-bozza" onClick={() => setOpen(!open)}>
          {open ? <X aria-hidden="true" /> : <Pencil aria-hidden="true" />}
          {open ? "Chiudi l'editor" : "Modifica bozza"}
        </Button>
      </div>
      {open && (
        <section id="modifica-bozza" aria-label="Modifica bozza" className="rounded-2xl border border-border/70 bg-card/60 p-4 md:p-6">
          <Suspense
            fallback={
              <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
                <Spinner /> Caricamento dell'editor…
              </p>
            }
          >
            <DraftEditorForm templateId={template.id} onDone={() => setOpen(false)} />
          </Suspense>
        </section>
      )}
    </div>
  );
}
