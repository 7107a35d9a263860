import { zodResolver } from "@hookform/resolvers/zod";
import { ageConfirmationSchema } from "@shared/schemas/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import type { AgeConfirmedView } from "@/lib/api-contract";
import { ConsentBox } from "@/components/consent-box";
import { BRAND_NAME } from "@/components/layout/brand";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { api } from "@/lib/api";
import { meQuery } from "@/lib/session";
import { toast } from "@/lib/toast";
import { useSignOut } from "@/lib/use-sign-out";

/**
 * 'Ho almeno 14 anni' for accounts that never confirmed it (issue 23; Codice privacy art.
 * 2-quinquies): made before the box existed, through a provider's first sign-in, or by an admin's
 * invitation. Shown over every page at the next sign-in until the player confirms (POST
 * /api/me/age, then ['me'] no longer asks) or signs out; it cannot be dismissed otherwise.
 */
export default function AgeConfirmationDialog() {
  const queryClient = useQueryClient();
  const { signOut, isPending: signingOut } = useSignOut();
  const form = useForm({ resolver: zodResolver(ageConfirmationSchema), defaultValues: { confirmAge: undefined } });
  const confirm = useMutation({
    mutationFn: () => api<AgeConfirmedView>("/me/age", { method: "POST", body: { confirmAge: true } }),
    onSuccess: (me) => queryClient.setQueryData(meQuery.queryKey, me),
    onError: () => toast.error("Errore", { description: "Impossibile salvare la conferma. Riprova." }),
  });
  const onSubmit = form.handleSubmit(() => confirm.mutateAsync().catch(() => undefined));

  return (
    <Dialog open>
      <DialogContent showCloseButton={false} onEscapeKeyDown={(e) => e.preventDefault()} onPointerDownOutside={(e) => e.preventDefault()} onInteractOutside={(e) => e.preventDefault()}>
        <form onSubmit={onSubmit} noValidate className="grid gap-5">
          <DialogHeader>
            <DialogTitle>Conferma la tua età</DialogTitle>
            <DialogDescription>
              Per usare {BRAND_NAME}.ai devi avere almeno 14 anni: è l'età dalla quale in Italia si può acconsentire da soli al trattamento dei dati
              personali per i servizi online. Se non li hai ancora, esci: per ora non puoi usare il sito.
            </DialogDescription>
          </DialogHeader>
          <ConsentBox control={form.control} name="confirmAge" id="conferma-eta" error={form.formState.errors.confirmAge?.message} label="Ho almeno 14 anni" />
          <DialogFooter className="gap-2">
            <Button type="button" variant="outline" disabled={signingOut} onClick={signOut}>
              Esci
            </Button>
            <Button type="submit" disabled={confirm.isPending} aria-busy={confirm.isPending}>
              {confirm.isPending && <Spinner />}
              Conferma
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
