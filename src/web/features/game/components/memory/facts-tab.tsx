/**
 * 'Ricordi' (issue 11 §1): the facts the narrator keeps, pinned ones first. The player adds
 * ('Aggiungi un ricordo'), edits, pins or unpins ('Fissa' / 'Sblocca') and deletes them (after a
 * confirmation). Pinned facts reach the narrator at every turn; the others when relevant.
 */

import { FACT_KINDS } from "@shared/schemas/memory";
import { Pencil, Pin, PinOff, Plus, Trash2 } from "lucide-react";
import { type ReactNode, useRef, useState } from "react";
import type { FactView } from "@/lib/api-contract";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useFocusReturn } from "@/lib/use-focus-return";
import type { useMemoryMutations } from "../../memory-api";
import { FactForm } from "./fact-form";

type Mutations = ReturnType<typeof useMemoryMutations>;

interface FactsTabProps {
  facts: FactView[];
  /** Absent: read only (issue 24: not the story's owner), the facts without their actions. */
  mutations?: Pick<Mutations, "addFact" | "updateFact" | "deleteFact">;
}

/**
 * A fact as the list shows it: its kind, 'Fissato', where it comes from, title and text, then
 * `children` (its actions). `owner`: the story is the viewer's, so a player's fact is theirs;
 * anyone else reads one the host added.
 */
function FactCard({ fact, owner, children }: { fact: FactView; owner: boolean; children?: ReactNode }) {
  const titleId = `ricordo-${fact.id}`;
  return (
    <li aria-labelledby={titleId} className={fact.pinned ? "rounded-lg border border-violet-400/50 bg-violet-500/10 p-3" : "rounded-lg border p-3"}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="outline">{FACT_KINDS[fact.kind]}</Badge>
        {fact.pinned && (
          <Badge variant="secondary" className="gap-1">
            <Pin aria-hidden />
            Fissato
          </Badge>
        )}
        <span className="text-xs text-muted-foreground">
          {fact.source === "narratore" ? "Dal narratore" : owner ? "Aggiunto da te" : "Aggiunto da chi ospita la storia"}
        </span>
      </div>
      <h3 id={titleId} className="mt-2 font-medium break-words">
        {fact.title}
      </h3>
      <p className="mt-1 text-sm break-words whitespace-pre-wrap text-muted-foreground">{fact.text}</p>
      {children}
    </li>
  );
}

/** One fact with its actions, or its edit form; without `mutations`, the fact alone. */
function FactItem({
  fact,
  mutations,
  editing,
  onEdit,
  onDeleted,
}: {
  fact: FactView;
  mutations: FactsTabProps["mutations"];
  editing: boolean;
  onEdit(editing: boolean): void;
  /** The fact is gone: the list moves the focus elsewhere. */
  onDeleted(): void;
}) {
  const editButton = useRef<HTMLButtonElement>(null);
  const busy = mutations !== undefined && ((mutations.updateFact.isPending && mutations.updateFact.variables?.id === fact.id) || (mutations.deleteFact.isPending && mutations.deleteFact.variables === fact.id));
  useFocusReturn(editing, editButton, !busy);
  if (!mutations) return <FactCard fact={fact} owner={false} />;
  const { updateFact, deleteFact } = mutations;
  if (editing) {
    return (
      <li>
        <FactForm fact={fact} onSave={(patch) => updateFact.mutateAsync({ id: fact.id, patch })} onDone={() => onEdit(false)} />
      </li>
    );
  }
  return (
    <FactCard fact={fact} owner>
      <div className="mt-2 flex flex-wrap gap-1" role="group" aria-label={`Azioni sul ricordo ${fact.title}`}>
        <Button
          type="button"
          size="sm"
          variant="ghost"
          aria-pressed={fact.pinned}
          disabled={busy}
          onClick={() => updateFact.mutate({ id: fact.id, patch: { pinned: !fact.pinned } })}
        >
          {fact.pinned ? <PinOff aria-hidden /> : <Pin aria-hidden />}
          {fact.pinned ? "Sblocca" : "Fissa"}
        </Button>
        <Button ref={editButton} type="button" size="sm" variant="ghost" disabled={busy} onClick={() => onEdit(true)}>
          <Pencil aria-hidden />
          Modifica
        </Button>
        <ConfirmDialog
          trigger={
            <Button type="button" size="sm" variant="ghost" className="text-red-300 hover:text-red-200" disabled={busy}>
              <Trash2 aria-hidden />
              Elimina
            </Button>
          }
          title="Eliminare questo ricordo?"
          description={`Il narratore non ricorderà più «${fact.title}».`}
          confirmLabel="Elimina"
          onConfirm={() => deleteFact.mutate(fact.id, { onSuccess: onDeleted })}
        />
      </div>
    </FactCard>
  );
}

/** Input: see props. Output: 'Aggiungi un ricordo' (or its form) and the list of facts. */
export function FactsTab({ facts, mutations }: FactsTabProps) {
  // "new" while adding, a fact's id while editing it.
  const [editing, setEditing] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  useFocusReturn(editing === "new", addButton);
  const sorted = [...facts].sort((a, b) => Number(b.pinned) - Number(a.pinned));
  return (
    <div className="grid gap-3">
      {!mutations ? null : editing === "new" ? (
        <FactForm onSave={mutations.addFact.mutateAsync} onDone={() => setEditing(null)} />
      ) : (
        <div>
          <Button ref={addButton} type="button" size="sm" variant="outline" onClick={() => setEditing("new")}>
            <Plus aria-hidden />
            Aggiungi un ricordo
          </Button>
        </div>
      )}
      {sorted.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nessun ricordo per ora: il narratore li aggiunge mentre la storia procede.</p>
      ) : (
        <ul aria-label="Ricordi" className="grid gap-2">
          {sorted.map((fact) => (
            <FactItem
              key={fact.id}
              fact={fact}
              mutations={mutations}
              editing={editing === fact.id}
              onEdit={(on) => setEditing(on ? fact.id : null)}
              onDeleted={() => addButton.current?.focus()}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
