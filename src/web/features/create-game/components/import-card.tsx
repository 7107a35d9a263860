/**
 * 'Importa una scheda personaggio' on /crea-gioco (issue 40 §3): a file input (.png or .json: a
 * Character Card V2 or V3, or a SillyTavern World Info) that sends the file at once and opens the
 * new private draft's page; a refusal shows the server's Italian message (what is wrong with the
 * file). Visitors are sent to /login first.
 */

import { CARD_FILE_ACCEPT } from "@shared/schemas/character-card";
import { ERRORS } from "@shared/errors";
import { templatePath } from "@shared/slug";
import { Upload } from "lucide-react";
import { type ChangeEvent, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api";
import { useLoginRedirect } from "@/lib/login-redirect";
import { useMe } from "@/lib/session";
import { toast } from "@/lib/toast";
import { importCharacterCard } from "../api";

/** The import control: a button opening the file picker, busy while the file is sent. */
export function ImportCardControl() {
  const { me } = useMe();
  const navigate = useNavigate();
  const sendToLogin = useLoginRedirect();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setBusy(true);
    try {
      const { id } = await importCharacterCard(file);
      toast.success("Scheda importata!", { description: "È una bozza privata: solo tu la vedi finché non la pubblichi." });
      // The page replaces the placeholder slug with the title's.
      navigate(templatePath(id, ""));
    } catch (error) {
      toast.error(error instanceof ApiError ? (error.title ?? "Errore") : "Errore", {
        description: error instanceof Error ? error.message : "Impossibile importare la scheda.",
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="importa-scheda-titolo" className="mt-8 grid gap-3 rounded-2xl border border-border/70 bg-card/70 p-5 md:p-8">
      <h2 id="importa-scheda-titolo" className="text-lg font-semibold">
        Hai già un personaggio?
      </h2>
      <p className="text-sm text-muted-foreground">
        Importa una scheda personaggio (Character Card V2 o V3, in PNG o JSON) o un lorebook di SillyTavern: diventa una tua bozza privata, con
        l'apertura e le schede del mondo.
      </p>
      <input ref={input} id="importa-scheda-file" type="file" accept={CARD_FILE_ACCEPT} className="sr-only" tabIndex={-1} aria-hidden="true" onChange={onFile} />
      <div>
        <Button
          type="button"
          variant="outline"
          className="rounded-full"
          disabled={busy}
          onClick={() => (me ? input.current?.click() : sendToLogin(ERRORS.START_LOGIN_REQUIRED))}
        >
          {busy ? <Spinner /> : <Upload aria-hidden="true" />}
          Importa una scheda personaggio
        </Button>
      </div>
    </section>
  );
}
