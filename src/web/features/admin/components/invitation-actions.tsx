import { Copy, Link2, Send } from "lucide-react";
import { useState } from "react";
import type { AdminUserView, InvitationLinkView } from "@/lib/api-contract";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api";
import { formatDateTime } from "@/lib/format-date";
import { useInvitationMutations } from "../api";

function toastError(error: unknown) {
  if (error instanceof ApiError) toast.error(error.title, { description: error.message });
  else toast.error("Errore", { description: "Si è verificato un errore. Riprova più tardi." });
}

/**
 * Invitation controls of a user row in /admin/users (issue 10; spec §7 /invite,
 * /admin/generate_link), shown only while the user has no password ('Nuovo Utente' accounts):
 * 'Invia di nuovo l'invito' e-mails a new 7-day link; 'Link d'invito' opens a dialog with a new
 * link to copy (and its expiry), e.g. to send it by another channel. Each replaces the previous
 * link; the server audits both. Input: the listed user.
 */
export function InvitationActions({ user }: { user: AdminUserView }) {
  const { resend, link } = useInvitationMutations();
  const [shown, setShown] = useState<InvitationLinkView | null>(null);
  if (!user.invitationPending) return null;

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success("Link copiato");
    } catch {
      toast.error("Copia non riuscita", { description: "Seleziona il link e copialo a mano." });
    }
  };

  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Invia di nuovo l'invito a ${user.email}`}
        title="Invia di nuovo l'invito"
        disabled={resend.isPending}
        onClick={() =>
          resend.mutate(user.id, {
            onSuccess: (sent) => toast.success("Invito inviato di nuovo", { description: `Il link è valido fino al ${formatDateTime(sent.expiresAt)}.` }),
            onError: toastError,
          })
        }
      >
        {resend.isPending ? <Spinner /> : <Send aria-hidden="true" />}
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Link d'invito di ${user.email}`}
        title="Copia il link d'invito"
        disabled={link.isPending}
        onClick={() => link.mutate(user.id, { onSuccess: setShown, onError: toastError })}
      >
        {link.isPending ? <Spinner /> : <Link2 aria-hidden="true" />}
      </Button>
      <Dialog open={shown !== null} onOpenChange={(open) => !open && setShown(null)}>
        <DialogContent className="text-left">
          <DialogHeader>
            <DialogTitle>Link d'invito</DialogTitle>
            <DialogDescription>
              Chi apre questo link imposta la password di {shown?.email}. È valido fino al {shown ? formatDateTime(shown.expiresAt) : ""}; i link
              precedenti non funzionano più.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="link-invito">Link</Label>
            <Input id="link-invito" readOnly value={shown?.link ?? ""} onFocus={(e) => e.currentTarget.select()} className="font-mono text-xs" />
          </div>
          <DialogFooter>
            <Button type="button" onClick={() => shown && void copy(shown.link)}>
              <Copy aria-hidden="true" />
              Copia link
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
