import { useMutation } from "@tanstack/react-query";
import { Download, ShieldCheck } from "lucide-react";
import type { ErasureProofView } from "@/lib/api-contract";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api";
import { downloadExport } from "../api";
import { DeleteAccountDialog } from "./delete-account-dialog";
import { ProfileCardTitle } from "./profile-card-title";

/**
 * Data management (spec §2 Profile, §7 Data export, delete-user, §8 Profile): 'Esporta'
 * downloads i_miei_dati_storieai.json ('Esportazione completata' / 'Impossibile esportare i
 * dati.'); 'Elimina account' asks what `erasure` says (the password, a code or the word ELIMINA:
 * DeleteAccountDialog), erases the account and signs out.
 */
export function DataManagementCard({ erasure }: { erasure: ErasureProofView }) {
  const exportData = useMutation({
    mutationFn: downloadExport,
    onSuccess: () => toast.success("Esportazione completata"),
    onError: (error) =>
      toast.error("Errore", { description: error instanceof ApiError && error.status === 401 ? "Utente non autenticato." : "Impossibile esportare i dati." }),
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
          <DeleteAccountDialog erasure={erasure} />
        </div>
      </CardContent>
    </Card>
  );
}
