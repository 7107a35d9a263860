import { ERASURE_SIGN_IN_MINUTES, ERASURE_WORD } from "@shared/erasure";
import type { ErasureInput } from "@shared/schemas/profile";
import { useMutation } from "@tanstack/react-query";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { ErasureProofView } from "@/lib/api-contract";
import { FormField } from "@/components/form-field";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api";
import { lazyZodResolver } from "@/lib/lazy-zod-resolver";
import { toast } from "@/lib/toast";
import { useSignOut } from "@/lib/use-sign-out";
import { deleteAccount } from "../api";

/** The form's validation (shape and size), with the server's schema; its code loads on the first validation (issue 21). */
const erasureResolver = lazyZodResolver(() => import("@shared/schemas/profile").then((m) => m.erasureSchema));

/** The field a refusal of the server is about (issue 36 finding 17); other refusals are toasts only. */
const FIELD_OF_CODE: Record<string, keyof ErasureInput> = {
  ERASURE_PASSWORD_REQUIRED: "password",
  ERASURE_PASSWORD_WRONG: "password",
  ERASURE_CODE_REQUIRED: "code",
  ERASURE_CODE_WRONG: "code",
  ERASURE_WORD_REQUIRED: "word",
};

/**
 * 'Elimina account' (spec §2 Profile, §8 'Account eliminato' / 'Impossibile eliminare
 * l'account.'; issue 36 finding 17): the dialog asks what the server asks (`erasure`, from GET
 * /api/profile) — the password, a code of the authenticator app or a backup code, or the word
 * ELIMINA (guests and provider sign-in, which must be recent) — then DELETE /api/profile erases the
 * account and signs out. A refusal shows under its field and in a toast ('Password non
 * corretta.'); the only admin is told why (409 LAST_ADMIN), too many attempts get the wait.
 */
export function DeleteAccountDialog({ erasure }: { erasure: ErasureProofView }) {
  const { signOut } = useSignOut();
  const [open, setOpen] = useState(false);
  const form = useForm<ErasureInput>({ resolver: erasureResolver, defaultValues: { password: "", code: "", word: "" } });
  const { errors } = form.formState;
  const erase = useMutation({
    mutationFn: (input: ErasureInput) => deleteAccount(input),
    onSuccess: () => {
      setOpen(false);
      toast.success("Account eliminato");
      signOut();
    },
    onError: (error) => {
      const known = error instanceof ApiError && error.code !== "GENERIC" && error.code !== "NETWORK";
      const field = known ? FIELD_OF_CODE[error.code] : undefined;
      if (field) form.setError(field, { message: error.message }, { shouldFocus: true });
      toast.error(known ? error.title : "Errore", { description: known ? error.message : "Impossibile eliminare l'account." });
    },
  });
  const changeOpen = (next: boolean) => {
    if (erase.isPending) return;
    setOpen(next);
    if (!next) form.reset();
  };

  return (
    <AlertDialog open={open} onOpenChange={changeOpen}>
      <AlertDialogTrigger asChild>
        <Button type="button" variant="destructive">
          <Trash2 aria-hidden="true" />
          Elimina account
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <form onSubmit={form.handleSubmit((input) => erase.mutate(input))} noValidate className="grid gap-4">
          <AlertDialogHeader>
            <AlertDialogTitle>Eliminare definitivamente l'account?</AlertDialogTitle>
            <AlertDialogDescription>
              Verranno cancellati il profilo, tutte le partite con i loro messaggi, le immagini create e le preferenze. L'azione è irreversibile.
            </AlertDialogDescription>
          </AlertDialogHeader>
          {erasure.password && (
            <FormField id="elimina-password" label="Password attuale" type="password" autoComplete="current-password" error={errors.password?.message} {...form.register("password")} />
          )}
          {erasure.code && (
            <FormField
              id="elimina-codice"
              label="Codice di verifica"
              autoComplete="one-time-code"
              placeholder="Codice dell'app o codice di backup"
              error={errors.code?.message}
              {...form.register("code")}
            />
          )}
          {erasure.word && (
            <FormField id="elimina-parola" label={`Scrivi ${ERASURE_WORD} per confermare`} autoComplete="off" autoCapitalize="characters" spellCheck={false} error={errors.word?.message} {...form.register("word")} />
          )}
          {erasure.recentSignIn && (
            <p className="text-sm text-muted-foreground">
              Per sicurezza serve un accesso recente: se sei entrato più di {ERASURE_SIGN_IN_MINUTES} minuti fa, esci e accedi di nuovo prima di eliminare l'account.
            </p>
          )}
          <AlertDialogFooter>
            <AlertDialogCancel type="button" disabled={erase.isPending}>
              Annulla
            </AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={erase.isPending} aria-busy={erase.isPending}>
              {erase.isPending && <Spinner />}
              Elimina definitivamente
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
