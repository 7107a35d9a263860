import { RotateCcw, Trash2, UserX } from "lucide-react";
import { useState } from "react";
import type { AdminUserView } from "@/lib/api-contract";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api";
import { formatDate } from "@/lib/format-date";
import { toast } from "@/lib/toast";
import { useUserMutations } from "../api";

/**
 * Deleting a user from the admin console (spec §7 DELETE /admin/users/{id} with should_soft_delete;
 * issue 22 §10), each step behind a confirmation:
 * - an active account: 'Disattiva' (signed out, cannot sign in, public content hidden, erased
 *   after 30 days unless restored);
 * - a deactivated account: 'Ripristina' (everything back as it was);
 * - 'Elimina definitivamente' (GDPR requests: erased now) when `permanent` or the account is
 *   deactivated.
 * `self` disables the destructive actions (the server refuses them too). `icons` shows icon
 * buttons (the users table) instead of labelled ones (the user page). `onErased` runs once the
 * account is erased (the user page then leaves).
 */
export function UserDeletionActions({
  user,
  self,
  permanent = false,
  icons = false,
  onErased,
}: {
  user: AdminUserView;
  self: boolean;
  permanent?: boolean;
  icons?: boolean;
  onErased?: () => void;
}) {
  const { remove, restore } = useUserMutations();
  const [asking, setAsking] = useState<"deactivate" | "erase" | null>(null);
  const busy = remove.isPending || restore.isPending;
  const failed = (title: string) => (error: unknown) => toast.error(title, { description: error instanceof ApiError ? error.message : undefined });

  const confirm = () => {
    const soft = asking === "deactivate";
    remove.mutate(
      { id: user.id, soft },
      {
        onSuccess: (result) => {
          toast.success(soft ? "Utente disattivato" : "Utente eliminato", {
            description: soft && result.erasedAt ? `${user.email}: sarà cancellato il ${formatDate(result.erasedAt)} se non lo ripristini.` : user.email,
          });
          if (!soft) onErased?.();
        },
        onError: failed(soft ? "Impossibile disattivare l'utente" : "Impossibile eliminare l'utente"),
        onSettled: () => setAsking(null),
      },
    );
  };
  const onRestore = () =>
    restore.mutate(user.id, { onSuccess: () => toast.success("Utente ripristinato", { description: user.email }), onError: failed("Impossibile ripristinare l'utente") });

  const action = (label: string, Icon: typeof Trash2, onClick: () => void, destructive: boolean) =>
    icons ? (
      <Button variant="ghost" size="icon" aria-label={`${label} ${user.email}`} title={label} disabled={busy || (destructive && self)} onClick={onClick} className={destructive ? "text-red-300 hover:text-red-200" : undefined}>
        <Icon aria-hidden="true" />
      </Button>
    ) : (
      <Button variant={destructive ? "destructive" : "secondary"} size="sm" disabled={busy || (destructive && self)} onClick={onClick}>
        <Icon aria-hidden="true" />
        {label}
      </Button>
    );

  return (
    <>
      {user.deactivatedAt ? action("Ripristina", RotateCcw, onRestore, false) : action("Disattiva", UserX, () => setAsking("deactivate"), true)}
      {(permanent || user.deactivatedAt) && action("Elimina definitivamente", Trash2, () => setAsking("erase"), true)}
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        busy={remove.isPending}
        title={asking === "erase" ? "Eliminare definitivamente questo utente?" : "Disattivare questo utente?"}
        description={
          asking === "erase" ? (
            <>L'account {user.email} verrà cancellato subito con tutte le sue partite, i messaggi e le immagini (richiesta GDPR). L'azione è irreversibile.</>
          ) : (
            <>
              L'account {user.email} verrà disattivato subito: non potrà accedere e le sue immagini e storie condivise saranno nascoste. Sarà cancellato definitivamente
              dopo 30 giorni, se non lo ripristini.
            </>
          )
        }
        confirmLabel={remove.isPending ? "Attendere..." : asking === "erase" ? "Elimina definitivamente" : "Disattiva"}
        onConfirm={confirm}
      />
    </>
  );
}
