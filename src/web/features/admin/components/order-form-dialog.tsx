import { zodResolver } from "@hookform/resolvers/zod";
import {
  adminCreateOrderSchema,
  ORDER_PLANS,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  PLAN_LABELS,
  type AdminCreateOrderInput,
} from "@shared/schemas/admin";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api";
import { useOrderMutations } from "../api";
import { SelectField, TextField } from "./fields";

const DEFAULTS: AdminCreateOrderInput = { userEmail: "", subscriptionType: "premium", amount: 9.99, status: "completed" };

/**
 * 'Registra ordine' (issue 6: payments are not live, an admin records orders): buyer's e-mail,
 * plan, amount in euro and status. A completed order puts the buyer on the plan (limits reset),
 * a refunded one returns them to base. Validated with the shared schema.
 */
export function OrderFormDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { create } = useOrderMutations();
  const form = useForm<AdminCreateOrderInput>({ resolver: zodResolver(adminCreateOrderSchema), defaultValues: DEFAULTS });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (open) form.reset(DEFAULTS);
  }, [open, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { plan } = await create.mutateAsync(values);
      toast.success("Ordine registrato", {
        description: plan ? `Piano dell'utente aggiornato a ${PLAN_LABELS[plan as keyof typeof PLAN_LABELS] ?? plan}.` : undefined,
      });
      onOpenChange(false);
    } catch (error) {
      toast.error("Impossibile registrare l'ordine", { description: error instanceof ApiError ? error.message : undefined });
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Registra ordine</DialogTitle>
          <DialogDescription>Un ordine completato attiva il piano dell'utente; un rimborso lo riporta al piano Base.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <TextField id="ordine-email" label="Email dell'utente" type="email" autoComplete="off" error={errors.userEmail?.message} {...form.register("userEmail")} />
          <SelectField
            id="ordine-tipo"
            label="Piano"
            options={ORDER_PLANS.map((p) => ({ value: p, label: PLAN_LABELS[p] }))}
            error={errors.subscriptionType?.message}
            {...form.register("subscriptionType")}
          />
          <TextField
            id="ordine-importo"
            label="Importo (€)"
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0"
            error={errors.amount?.message}
            {...form.register("amount", { valueAsNumber: true })}
          />
          <SelectField
            id="ordine-stato"
            label="Stato"
            options={ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] }))}
            error={errors.status?.message}
            {...form.register("status")}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Annulla
            </Button>
            <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
              {isSubmitting && <Spinner />}
              {isSubmitting ? "Salvataggio..." : "Registra"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
