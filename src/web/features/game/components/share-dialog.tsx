/**
 * 'Condividi' (issue 13, "A public reading page"): the owner makes an unlisted link to the story's
 * reading page /storia/{id}/{slug}, copies or opens it, chooses whether the page shows their
 * nickname and whether the story is listed on /galleria ('Storie condivise'), and revokes it with
 * 'Smetti di condividere' (a later share gets a new link; the old one stays dead). A story an
 * admin took down says so and cannot be shared again. Loaded the first time the player opens it.
 */

import type { ShareOptions } from "@shared/schemas/share";
import { useQuery } from "@tanstack/react-query";
import { ExternalLink, Link2 } from "lucide-react";
import { useId, useState } from "react";
import type { ShareView } from "@/lib/api-contract";
import { toast } from "@/lib/toast";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { CopyLinkField } from "@/components/copy-link-field";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { shareQuery, useShareMutations } from "../share-api";
import { useOpenerFocus } from "@/lib/use-focus-return";

interface ShareDialogProps {
  gameId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}

const DEFAULT_OPTIONS: ShareOptions = { showNickname: false, listed: false };

/** The two options as checkboxes; `onChange` receives the whole new options. */
function ShareOptionsFields({ value, disabled, onChange }: { value: ShareOptions; disabled: boolean; onChange(next: ShareOptions): void }) {
  const id = useId();
  const fields: [keyof ShareOptions, string, string][] = [
    ["showNickname", "Mostra il mio nickname", "Chi legge vede il nickname del tuo profilo, mai la tua e-mail."],
    ["listed", "Mostra nella galleria", "La storia compare in «Storie condivise» su /galleria."],
  ];
  return (
    <fieldset className="grid gap-3" disabled={disabled}>
      <legend className="sr-only">Opzioni di condivisione</legend>
      {fields.map(([key, label, hint]) => (
        <div key={key} className="flex items-start gap-3">
          <Checkbox
            id={`${id}-${key}`}
            className="mt-0.5"
            checked={value[key]}
            disabled={disabled}
            aria-describedby={`${id}-${key}-hint`}
            onCheckedChange={(checked) => onChange({ ...value, [key]: checked === true })}
          />
          <div className="grid gap-0.5">
            <Label htmlFor={`${id}-${key}`}>{label}</Label>
            <p id={`${id}-${key}-hint`} className="text-xs text-muted-foreground">
              {hint}
            </p>
          </div>
        </div>
      ))}
    </fieldset>
  );
}

/** The live link: its address to copy or open, its options (saved at once) and 'Smetti di condividere'. */
function SharedLink({ share, gameId }: { share: ShareView; gameId: string }) {
  const { save, revoke } = useShareMutations(gameId);
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="grid gap-5">
      <div className="grid gap-2">
        <CopyLinkField label="Link della storia" path={share.path} />
        <a href={share.path} target="_blank" rel="noopener noreferrer" className="inline-flex w-fit items-center gap-1.5 rounded-sm text-sm text-violet-300 underline-offset-4 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none">
          <ExternalLink aria-hidden className="size-4" />
          Apri la pagina di lettura
          <span className="sr-only">(si apre in una nuova scheda)</span>
        </a>
      </div>
      <ShareOptionsFields
        value={{ showNickname: share.showNickname, listed: share.listed }}
        disabled={save.isPending || revoke.isPending}
        onChange={(next) => save.mutate(next, { onSuccess: () => toast.success("Opzioni salvate") })}
      />
      <div className="flex justify-end border-t pt-4">
        <Button type="button" variant="destructive" disabled={revoke.isPending} onClick={() => setConfirming(true)}>
          Smetti di condividere
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        busy={revoke.isPending}
        title="Smettere di condividere la storia?"
        description="Il link smetterà subito di funzionare, anche per chi l'ha già ricevuto. Se condividerai di nuovo, il link sarà diverso."
        confirmLabel={
          <>
            {revoke.isPending && <Spinner />}
            Smetti di condividere
          </>
        }
        onConfirm={() =>
          revoke.mutate(undefined, {
            onSuccess: () => toast.success("Non condividi più questa storia"),
            onSettled: () => setConfirming(false),
          })
        }
      />
    </div>
  );
}

/** Not shared yet: the options and 'Crea link'. */
function NewLink({ gameId }: { gameId: string }) {
  const { save } = useShareMutations(gameId);
  const [options, setOptions] = useState<ShareOptions>(DEFAULT_OPTIONS);
  return (
    <div className="grid gap-5">
      <ShareOptionsFields value={options} disabled={save.isPending} onChange={setOptions} />
      <div className="flex justify-end">
        <Button type="button" disabled={save.isPending} onClick={() => save.mutate(options, { onSuccess: () => toast.success("Link creato") })}>
          {save.isPending ? <Spinner /> : <Link2 aria-hidden />}
          Crea link
        </Button>
      </div>
    </div>
  );
}

/** The dialog. States: loading, error ('Riprova'), taken down, not shared, shared. */
export default function ShareDialog({ gameId, open, onOpenChange }: ShareDialogProps) {
  const query = useQuery({ ...shareQuery(gameId), enabled: open });
  const share = query.data?.share;
  const openerFocus = useOpenerFocus();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg" {...openerFocus}>
        <DialogHeader>
          <DialogTitle>Condividi la storia</DialogTitle>
          <DialogDescription>
            Chi riceve il link legge la tua storia com'è ora, come in un libro, senza poterla giocare. Nessuno la trova senza il link, a meno che tu non la
            mostri nella galleria.
          </DialogDescription>
        </DialogHeader>
        {query.isPending ? (
          <div role="status" aria-label="Caricamento" className="grid gap-3">
            <Skeleton className="h-9 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : query.isError ? (
          <div role="alert" className="grid justify-items-start gap-3 text-sm">
            <p>Non è stato possibile leggere lo stato della condivisione.</p>
            <Button type="button" variant="outline" onClick={() => void query.refetch()}>
              Riprova
            </Button>
          </div>
        ) : share?.takenDownAt ? (
          <p role="alert" className="rounded-lg border border-red-400/50 bg-red-950/50 p-4 text-sm text-red-100">
            Questa storia è stata rimossa da un amministratore: il link non funziona più e la storia non può essere condivisa di nuovo.
          </p>
        ) : share ? (
          <SharedLink share={share} gameId={gameId} />
        ) : (
          <NewLink gameId={gameId} />
        )}
      </DialogContent>
    </Dialog>
  );
}
