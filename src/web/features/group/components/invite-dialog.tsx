/**
 * 'Gioca insieme' (issue 24 "Invite", ADR 0019): the host makes an invitation link (shown once,
 * valid 7 days) to copy or to scan as a QR code from a friend's phone, sees the active invitations
 * with 'Revoca', and chooses how the story moves: 'A turno' or 'Voto' with its countdown
 * (30–300 s). Loaded the first time the host opens it (issue 21).
 */

import { groupSettingsSchema, type GroupSettingsInput, VOTE_SECONDS_DEFAULT, VOTE_SECONDS_MAX, VOTE_SECONDS_MIN } from "@shared/schemas/group";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { UserPlus } from "lucide-react";
import { QRCodeSVG } from "qrcode.react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import type { GroupView, InvitationCreatedView } from "@/lib/api-contract";
import { toast } from "@/lib/toast";
import { formatDate } from "@/lib/format-date";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { CopyLinkField } from "@/components/copy-link-field";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { FormField } from "@/components/form-field";
import { useOpenerFocus } from "@/lib/use-focus-return";
import { invitationsQuery, useGroupActions, useInvitationActions } from "../api";

interface InviteDialogProps {
  gameId: string;
  /** The story's group, null while it is still a solo story (the mode is chosen once someone joins). */
  group: GroupView | null;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** The new link: the address with 'Copia link' and its QR code. */
function NewInvitation({ invitation }: { invitation: InvitationCreatedView }) {
  return (
    <div className="grid gap-3">
      <CopyLinkField label="Link dell'invito" path={invitation.url} />
      <p className="text-xs text-muted-foreground">Il link si vede solo ora: copialo o fallo inquadrare. Scade il {formatDate(invitation.expiresAt)}.</p>
      <div className="justify-self-center rounded-lg bg-white p-3">
        <QRCodeSVG value={`${window.location.origin}${invitation.url}`} size={176} title="Codice QR dell'invito" />
      </div>
    </div>
  );
}

/** The active invitations (neither revoked nor expired) with 'Revoca'. */
function ActiveInvitations({ gameId }: { gameId: string }) {
  const query = useQuery(invitationsQuery(gameId));
  const { revoke } = useInvitationActions(gameId);
  if (query.isPending) return <Skeleton className="h-10 w-full" />;
  if (query.isError) return <p role="alert" className="text-sm">Non è stato possibile leggere gli inviti.</p>;
  // The list's own dates: nothing of the render reads the clock.
  const active = query.data.invitations.filter((invitation) => !invitation.revokedAt && Date.parse(invitation.expiresAt) > query.dataUpdatedAt);
  if (active.length === 0) return <p className="text-sm text-muted-foreground">Nessun invito attivo.</p>;
  return (
    <ul className="grid gap-2" aria-label="Inviti attivi">
      {active.map((invitation) => (
        <li key={invitation.id} className="flex items-center justify-between gap-2 rounded-lg border px-3 py-2 text-sm">
          <span>
            Creato il {formatDate(invitation.createdAt)}, scade il {formatDate(invitation.expiresAt)}
          </span>
          <Button type="button" variant="outline" size="sm" disabled={revoke.isPending} onClick={() => revoke.mutate(invitation.id, { onSuccess: () => toast.success("Invito revocato") })}>
            Revoca<span className="sr-only"> l'invito creato il {formatDate(invitation.createdAt)}</span>
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** 'A turno' or 'Voto' with the countdown, saved with 'Salva' (PUT /group, validated by groupSettingsSchema). */
function ModeForm({ gameId, group }: { gameId: string; group: GroupView }) {
  const id = useId();
  const { settings } = useGroupActions(gameId);
  const form = useForm<z.input<typeof groupSettingsSchema>, unknown, GroupSettingsInput>({
    resolver: zodResolver(groupSettingsSchema),
    defaultValues: { mode: group.mode === "vote" ? "vote" : "turns", voteSeconds: group.voteSeconds || VOTE_SECONDS_DEFAULT },
  });
  const mode = form.watch("mode");
  const error = form.formState.errors.voteSeconds?.message;
  const submit = form.handleSubmit((values) => settings.mutate(values, { onSuccess: () => toast.success("Modalità salvata") }));
  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-3">
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Come avanza la storia</legend>
        {(
          [
            ["turns", "A turno", "I giocatori agiscono uno alla volta, nell'ordine in cui sono entrati."],
            ["vote", "Voto", "Ognuno vota A, B, C o propone un'azione: vince la maggioranza (in parità decide l'host)."],
          ] as const
        ).map(([value, label, hint]) => (
          <label key={value} className="flex items-start gap-3 rounded-lg border p-3 has-checked:border-violet-400">
            <input type="radio" value={value} {...form.register("mode")} className="mt-1 accent-violet-500" />
            <span className="grid gap-0.5">
              <span className="text-sm font-medium">{label}</span>
              <span className="text-xs text-muted-foreground">{hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {mode === "vote" && (
        <FormField
          id={`${id}-seconds`}
          label="Durata del voto (secondi)"
          error={error}
          type="number"
          inputMode="numeric"
          min={VOTE_SECONDS_MIN}
          max={VOTE_SECONDS_MAX}
          className="w-32"
          {...form.register("voteSeconds", { valueAsNumber: true })}
        />
      )}
      <Button type="submit" className="justify-self-end" disabled={settings.isPending}>
        {settings.isPending && <Spinner />}
        Salva
      </Button>
    </form>
  );
}

/** The dialog: 'Crea invito' (then the link and QR code), the active invitations, and the mode once the story has a group. */
export default function InviteDialog({ gameId, group, open, onOpenChange }: InviteDialogProps) {
  const { create } = useInvitationActions(gameId);
  const [created, setCreated] = useState<InvitationCreatedView | null>(null);
  const openerFocus = useOpenerFocus();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg" {...openerFocus}>
        <DialogHeader>
          <DialogTitle>Gioca insieme</DialogTitle>
          <DialogDescription>Invita fino a 3 amici: con il link entrano nella storia, scelgono un personaggio e giocano con te in diretta.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-5">
          {created ? (
            <NewInvitation invitation={created} />
          ) : (
            <Button type="button" className="justify-self-start" disabled={create.isPending} onClick={() => create.mutate(undefined, { onSuccess: setCreated })}>
              {create.isPending ? <Spinner /> : <UserPlus aria-hidden />}
              Crea invito
            </Button>
          )}
          <section className="grid gap-2" aria-labelledby={`${gameId}-inviti`}>
            <h3 id={`${gameId}-inviti`} className="text-sm font-medium">
              Inviti attivi
            </h3>
            <ActiveInvitations gameId={gameId} />
          </section>
          {group && <ModeForm gameId={gameId} group={group} />}
        </div>
      </DialogContent>
    </Dialog>
  );
}
