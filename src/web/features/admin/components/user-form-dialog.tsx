import { zodResolver } from "@hookform/resolvers/zod";
import { ROLE_LABELS, ROLES } from "@shared/roles";
import { adminUpdateUserSchema, PLAN_IDS, PLAN_LABELS, type AdminUpdateUserInput } from "@shared/schemas/admin";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import type { AdminUserView } from "@/lib/api-contract";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api";
import { useUserMutations } from "../api";
import { SelectField, TextField } from "./fields";
import { RemoveFactorsButton } from "./remove-factors-button";

const ROLE_OPTIONS = ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));
const PLAN_OPTIONS = PLAN_IDS.map((p) => ({ value: p, label: PLAN_LABELS[p] }));

/**
 * The user dialog of /admin/users (spec §2 Admin users, §4 Plan change, §8 Admin): with `user`
 * it edits e-mail, role and plan ('Utente aggiornato' / 'Si è verificato un errore durante
 * l'aggiornamento dell'utente'; a changed e-mail must be confirmed again, and the toast says so);
 * without it, it is 'Nuovo Utente' and creates the account, which
 * receives an e-mail to set its password. Validated with the shared schema.
 */
export function UserFormDialog({ open, onOpenChange, user }: { open: boolean; onOpenChange: (open: boolean) => void; user: AdminUserView | null }) {
  const { create, update } = useUserMutations();
  const form = useForm<AdminUpdateUserInput>({
    resolver: zodResolver(adminUpdateUserSchema),
    defaultValues: { email: "", role: "user", plan: "base" },
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (open) form.reset(user ? { email: user.email, role: user.role, plan: user.plan } : { email: "", role: "user", plan: "base" });
  }, [open, user, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      if (user) {
        await update.mutateAsync({ id: user.id, input: values });
        // A new e-mail is unconfirmed and the account is signed out (issue 9 finding 10).
        const emailChanged = values.email !== user.email;
        toast.success("Utente aggiornato", {
          description: emailChanged ? `Abbiamo inviato a ${values.email} un'email di conferma; l'utente dovrà accedere di nuovo.` : undefined,
        });
      } else {
        await create.mutateAsync(values);
        toast.success("Utente creato", { description: `Abbiamo inviato a ${values.email} un'email per impostare la password.` });
      }
      onOpenChange(false);
    } catch (error) {
      const specific = error instanceof ApiError && error.code !== "GENERIC" && error.code !== "NETWORK" ? error.message : undefined;
      toast.error(user ? "Si è verificato un errore durante l'aggiornamento dell'utente" : "Impossibile creare l'utente", {
        description: specific,
      });
    }
  });

  const idPrefix = user ? "modifica-utente" : "nuovo-utente";
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{user ? "Modifica Utente" : "Nuovo Utente"}</DialogTitle>
          <DialogDescription>
            {user
              ? "Modifica email, ruolo e piano. Cambiare piano riporta i limiti ai valori del piano."
              : "Crea un account: riceverà un'email con il link per impostare la password."}
          </DialogDescription>
        </DialogHeader>
        {user && <RemoveFactorsButton user={user} />}
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <TextField id={`${idPrefix}-email`} label="Email" type="email" autoComplete="off" error={errors.email?.message} {...form.register("email")} />
          <SelectField id={`${idPrefix}-ruolo`} label="Ruolo" options={ROLE_OPTIONS} error={errors.role?.message} {...form.register("role")} />
          <SelectField id={`${idPrefix}-piano`} label="Piano" options={PLAN_OPTIONS} error={errors.plan?.message} {...form.register("plan")} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Annulla
            </Button>
            <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
              {isSubmitting && <Spinner />}
              {isSubmitting ? "Salvataggio..." : user ? "Salva" : "Crea Utente"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
