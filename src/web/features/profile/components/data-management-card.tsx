import { useMutation } from "@tanstack/react-query";
import { Download, ShieldCheck, Trash2 } from "lucide-react";
import { useState } from "react";
import { toast } from "@/lib/toast";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useSignOut } from "@/lib/use-sign-out";
import { ApiError } from "@/lib/api";
import { deleteAccount, downloadExport } from "../api";
import { ProfileCardTitle } from "./profile-card-title";

/**
 * Data management (spec §2 Profile, §7 Data export, delete-user, §8 Profile): 'Esporta'
 * downloads i_miei_dati_storieai.json ('Esportazione completata' / 'Impossibile esportare i
 * dati.'); 'Elimina account' asks for confirmation, erases the account and signs out ('Account
 * eliminato' / 'Impossibile eliminare l'account.').
 */
export function DataManagementCard() {
  const { signOut } = useSignOut();
  const [confirming, setConfirming] = useState(false);

  const exportData = useMutation({
    mutationFn: downloadExport,
    onSuccess: () => toast.success("Esportazione completata"),
    onError: (error) =>
      toast.error("Errore", { description: error instanceof ApiError && error.status === 401 ? "Utente non autenticato." : "Impossibile esportare i dati." }),
  });
  const erase = useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      setConfirming(false);
      toast.success("Account eliminato");
      signOut();
    },
    // The only admin is told why (409 LAST_ADMIN: issue 9 finding 10).
    onError: (error) =>
      toast.error("Errore", { description: error instanceof ApiError && error.code === "LAST_ADMIN" ? error.message : "Impossibile eliminare l'account." }),
  });

  return (
    <Card>
      <CardHeader>
        <ProfileCardTitle icon={ShieldCheck}>Gestione dei dati</ProfileCardTitle>
        <CardDescription>I tuoi diritti previsti dal GDPR: scarica una copia dei tuoi dati o cancella definitivamente il tuo account.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h3 className="font-medium">Esporta i tuoi dati</h3>
            <p className="text-sm text-muted-foreground">Profilo, partite, messaggi, immagini e preferenze in un file JSON.</p>
          </div>
          <Button type="button" variant="outline" disabled={exportData.isPending} onClick={() => exportData.mutate()}>
            {exportData.isPending ? <Spinner /> : <Download aria-hidden="true" />}
            Esporta
          </Button>
        </div>
        <div className="flex flex-col gap-3 rounded-lg border border-destructive/50 p-4 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h3 className="font-medium">Elimina account</h3>
            <p className="text-sm text-muted-foreground">Cancella per sempre l'account, le partite, i messaggi e le immagini.</p>
          </div>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            busy={erase.isPending}
            trigger={
              <Button type="button" variant="destructive">
                <Trash2 aria-hidden="true" />
                Elimina account
              </Button>
            }
            title="Eliminare definitivamente l'account?"
            description="Verranno cancellati il profilo, tutte le partite con i loro messaggi, le immagini create e le preferenze. L'azione è irreversibile."
            confirmLabel={
              <>
                {erase.isPending && <Spinner />}
                Elimina definitivamente
              </>
            }
            onConfirm={() => erase.mutate()}
          />
        </div>
      </CardContent>
    </Card>
  );
}
