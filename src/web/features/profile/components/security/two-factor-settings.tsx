import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Download, ShieldCheck, ShieldOff } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { lazyZodResolver } from "@/lib/lazy-zod-resolver";
import { toast } from "@/lib/toast";
import { FormField } from "@/components/form-field";
import { BRAND_NAME } from "@/components/layout/brand";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { type AuthClientError, toastAuthError } from "@/lib/auth-error-toast";
import { authCall, downloadBackupCodes, secretOf, securityKey } from "../../security-api";

/** The forms' validation, with the server's schemas; their code loads on the first validation (issue 21). */
const enableTwoFactorResolver = lazyZodResolver(() => import("@shared/schemas/security").then((m) => m.enableTwoFactorSchema));
const appCodeResolver = lazyZodResolver(() => import("@shared/schemas/security").then((m) => m.appCodeSchema));
const disableTwoFactorResolver = lazyZodResolver(() => import("@shared/schemas/security").then((m) => m.disableTwoFactorSchema));

const SITE = `${BRAND_NAME}.ai`;

type Step = { name: "idle" } | { name: "password" } | { name: "setup"; totpURI: string; backupCodes: string[] } | { name: "codes"; backupCodes: string[] } | { name: "disable" };

/** The QR code of an otpauth:// URI as a PNG data URL (qrcode, loaded on demand; never SVG or HTML). */
function QrCode({ uri }: { uri: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import("qrcode").then((qr) => qr.toDataURL(uri, { width: 192, margin: 1, errorCorrectionLevel: "M" })).then((url) => live && setSrc(url));
    return () => {
      live = false;
    };
  }, [uri]);
  return src ? (
    <img src={src} width={192} height={192} alt="Codice QR da inquadrare con l'app di autenticazione" className="rounded-md bg-white" />
  ) : (
    <div className="size-48 animate-pulse rounded-md bg-secondary" />
  );
}

/** A step's submit button (spinner while `busy`) and 'Annulla', which goes back to the summary. */
function StepActions({ busy, icon, label, destructive = false, onCancel }: { busy: boolean; icon?: ReactNode; label: string; destructive?: boolean; onCancel: () => void }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="submit" variant={destructive ? "destructive" : "default"} disabled={busy}>
        {busy ? <Spinner /> : icon}
        {label}
      </Button>
      <Button type="button" variant="ghost" onClick={onCancel}>
        Annulla
      </Button>
    </div>
  );
}

/**
 * 'Verifica in due passaggi' in Profilo → Sicurezza (issue 10; spec §3 factors, §7 /factors):
 * - off: 'Attiva' asks the password (POST /two-factor/enable), then shows the QR code and the
 *   secret as text and asks a code of the app (POST /two-factor/verify-totp); once confirmed,
 *   the ten backup codes are shown with 'Scarica i codici' (.txt);
 * - on: 'Disattiva' asks the password and a code of the app or a backup code.
 * Errors are the server's Italian toasts; a wrong code also shows under its field.
 */
export function TwoFactorSettings({ enabled }: { enabled: boolean }) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ name: "idle" });
  const refresh = () => queryClient.invalidateQueries({ queryKey: securityKey });
  const cancel = () => setStep({ name: "idle" });
  const passwordForm = useForm({ resolver: enableTwoFactorResolver, defaultValues: { password: "" } });
  const codeForm = useForm({ resolver: appCodeResolver, defaultValues: { code: "" } });
  const disableForm = useForm({ resolver: disableTwoFactorResolver, defaultValues: { password: "", code: "" } });

  const enable = useMutation({
    mutationFn: (password: string) => authCall((client) => client.twoFactor.enable({ password })),
    onSuccess: (data) => {
      passwordForm.reset();
      if ("totpURI" in data) setStep({ name: "setup", totpURI: data.totpURI, backupCodes: data.backupCodes });
    },
    onError: (error: AuthClientError) => {
      if (error.code === "INVALID_PASSWORD") passwordForm.setError("password", { message: error.message ?? "Password non corretta." });
      toastAuthError(error);
    },
  });
  const confirm = useMutation({
    mutationFn: (code: string) => authCall((client) => client.twoFactor.verifyTotp({ code })),
    onSuccess: async () => {
      codeForm.reset();
      if (step.name === "setup") setStep({ name: "codes", backupCodes: step.backupCodes });
      toast.success("Verifica in due passaggi attivata");
      await refresh();
    },
    onError: (error: AuthClientError) => {
      codeForm.setError("code", { message: error.message ?? "Codice non valido." });
      toastAuthError(error);
    },
  });
  const disable = useMutation({
    mutationFn: (input: { password: string; code: string }) => authCall((client) => client.$fetch("/two-factor/disable", { method: "POST", body: input })),
    onSuccess: async () => {
      disableForm.reset();
      setStep({ name: "idle" });
      toast.success("Verifica in due passaggi disattivata");
      await refresh();
    },
    onError: (error: AuthClientError) => {
      if (error.code === "INVALID_PASSWORD") disableForm.setError("password", { message: error.message ?? "Password non corretta." });
      else if (error.code) disableForm.setError("code", { message: error.message ?? "Codice non valido." });
      toastAuthError(error);
    },
  });

  return (
    <section className="grid gap-4" aria-labelledby="sicurezza-2fa">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id="sicurezza-2fa" className="font-medium">
          Verifica in due passaggi
        </h3>
        <Badge variant={enabled ? "default" : "secondary"}>{enabled ? "Attiva" : "Non attiva"}</Badge>
      </div>

      {step.name === "setup" ? (
        <div className="grid gap-4">
          <ol className="grid list-decimal gap-4 pl-5 text-sm">
            <li>
              <p className="mb-3">Inquadra questo codice QR con la tua app di autenticazione (per esempio Google Authenticator, Aegis o 1Password).</p>
              <QrCode uri={step.totpURI} />
            </li>
            <li>
              <p className="mb-2">Se non puoi inquadrarlo, inserisci a mano questa chiave nell'app:</p>
              <code className="block rounded-md bg-secondary/60 p-3 font-mono text-sm tracking-wider break-all select-all" aria-label="Chiave segreta">
                {secretOf(step.totpURI).replace(/(.{4})/g, "$1 ").trim()}
              </code>
            </li>
            <li>
              <form onSubmit={codeForm.handleSubmit(({ code }) => confirm.mutate(code))} noValidate className="grid gap-3">
                <FormField
                  id="sicurezza-2fa-conferma"
                  label="Codice a 6 cifre mostrato dall'app"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={7}
                  className="max-w-48"
                  error={codeForm.formState.errors.code?.message}
                  {...codeForm.register("code")}
                />
                <StepActions busy={confirm.isPending} icon={<ShieldCheck aria-hidden="true" />} label="Conferma" onCancel={cancel} />
              </form>
            </li>
          </ol>
        </div>
      ) : step.name === "codes" ? (
        <div className="grid gap-3">
          <p className="text-sm">
            Questi sono i tuoi <strong>codici di backup</strong>: se perdi il telefono, ognuno ti fa accedere una volta al posto del codice dell'app. Scaricali e
            conservali in un posto sicuro: non li mostreremo più.
          </p>
          <ul className="grid grid-cols-2 gap-2 rounded-md bg-secondary/60 p-3 font-mono text-sm sm:grid-cols-5" aria-label="Codici di backup">
            {step.backupCodes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
          <div className="flex flex-wrap gap-2">
            <Button type="button" onClick={() => downloadBackupCodes(step.backupCodes, SITE)}>
              <Download aria-hidden="true" />
              Scarica i codici (.txt)
            </Button>
            <Button type="button" variant="outline" onClick={cancel}>
              Ho salvato i codici
            </Button>
          </div>
        </div>
      ) : step.name === "password" ? (
        <form onSubmit={passwordForm.handleSubmit(({ password }) => enable.mutate(password))} noValidate className="grid gap-3">
          <FormField
            id="sicurezza-2fa-password"
            label="Password attuale"
            type="password"
            autoComplete="current-password"
            error={passwordForm.formState.errors.password?.message}
            {...passwordForm.register("password")}
          />
          <StepActions busy={enable.isPending} label="Continua" onCancel={cancel} />
        </form>
      ) : step.name === "disable" ? (
        <form onSubmit={disableForm.handleSubmit((input) => disable.mutate(input))} noValidate className="grid gap-3">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              id="sicurezza-2fa-disattiva-password"
              label="Password attuale"
              type="password"
              autoComplete="current-password"
              error={disableForm.formState.errors.password?.message}
              {...disableForm.register("password")}
            />
            <FormField
              id="sicurezza-2fa-disattiva-codice"
              label="Codice dell'app o codice di backup"
              autoComplete="one-time-code"
              error={disableForm.formState.errors.code?.message}
              {...disableForm.register("code")}
            />
          </div>
          <StepActions busy={disable.isPending} icon={<ShieldOff aria-hidden="true" />} label="Disattiva" destructive onCancel={cancel} />
        </form>
      ) : enabled ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted-foreground">All'accesso, dopo la password, ti chiediamo il codice dell'app di autenticazione.</p>
          <Button type="button" variant="outline" onClick={() => setStep({ name: "disable" })}>
            <ShieldOff aria-hidden="true" />
            Disattiva
          </Button>
        </div>
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted-foreground">
            Proteggi l'account con un'app di autenticazione: all'accesso, dopo la password, ti chiederemo un codice che cambia ogni 30 secondi.
          </p>
          <Button type="button" onClick={() => setStep({ name: "password" })}>
            <ShieldCheck aria-hidden="true" />
            Attiva
          </Button>
        </div>
      )}
    </section>
  );
}
