import { ShieldOff } from "lucide-react";
import { useState } from "react";
import type { AdminUserView } from "@/lib/api-contract";
import { toast } from "@/lib/toast";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Button } from "@/components/ui/button";
import { useUserMutations } from "../api";

/**
 * In the admin user dialog (issue 10; spec §7 admin DELETE /admin/users/{id}/factors): for a
 * user with two-step verification, 'Rimuovi verifica in due passaggi' after a confirmation, for
 * a player who lost both the app and the backup codes. The server audits it. Nothing otherwise.
 */
export function RemoveFactorsButton({ user }: { user: AdminUserView }) {
  const { removeFactors } = useUserMutations();
  // The dialog keeps the user it was opened with: hide the button once the removal is done.
  const [removed, setRemoved] = useState(false);
  if (!user.twoFactorEnabled || removed) return null;
  return (
    <div className="flex flex-col gap-2 rounded-lg border p-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-muted-foreground">Verifica in due passaggi attiva.</p>
      <ConfirmDialog
        trigger={
          <Button type="button" size="sm" variant="outline">
            <ShieldOff aria-hidden="true" />
            Rimuovi verifica in due passaggi
          </Button>
        }
        title="Rimuovere la verifica in due passaggi?"
        description={`${user.email} potrà accedere con la sola password e riattivarla dal proprio profilo. L'operazione viene registrata.`}
        confirmLabel="Rimuovi"
        busy={removeFactors.isPending}
        onConfirm={() =>
          removeFactors.mutate(user.id, {
            onSuccess: () => {
              setRemoved(true);
              toast.success("Verifica in due passaggi rimossa");
            },
            onError: (error) => toast.error("Errore", { description: error.message }),
          })
        }
      />
    </div>
  );
}
