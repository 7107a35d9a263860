/**
 * Error codes and the spec's Italian messages (spec §8) shared by server and web.
 * The server answers {error: {code, message}}; the web shows `title` and `message` in a toast.
 */

export const ERRORS = {
  UNAUTHENTICATED: { title: "Accesso richiesto", message: "Per favore effettua il login per continuare" },
  FORBIDDEN: { title: "Accesso negato", message: "Non hai i permessi per accedere a questa pagina" },
  GAME_NOT_FOUND: { title: "Errore", message: "Partita non trovata o non autorizzata." },
  GAME_CREATE_FAILED: { title: "Errore", message: "Errore nel caricamento o creazione della partita." },
  MESSAGE_LIMIT: {
    title: "Limite messaggi raggiunto",
    message: "Hai raggiunto il limite di messaggi per il tuo piano. Per continuare, attendi il reset o effettua un upgrade.",
  },
  EMPTY_REPLY: { title: "Errore", message: "La risposta dell'AI era vuota." },
  AI_FAILED: { title: "Errore", message: "Il narratore non ha risposto. Il tuo messaggio è salvato: premi «Riprova»." },
  AI_TIMEOUT: { title: "Errore", message: "Il narratore ci sta mettendo troppo. Il tuo messaggio è salvato: premi «Riprova»." },
  NOTHING_TO_RETRY: { title: "Errore", message: "Non c'è nessun messaggio a cui rispondere." },
  NOT_STARTED: { title: "Errore", message: "Premi /inizia per cominciare la partita." },
  VISUALIZE_UNAVAILABLE: { title: "In arrivo", message: "La creazione di immagini della scena sarà disponibile a breve." },
  DUPLICATE_SESSION: {
    title: "Sessione già attiva",
    message: "Hai già una chat attiva in un'altra finestra. Chiudi le altre chat prima di continuare.",
  },
  VALIDATION: { title: "Errore", message: "Dati non validi." },
  GENERIC: { title: "Errore", message: "Si è verificato un errore. Riprova più tardi." },
} as const;

export type ErrorCode = keyof typeof ERRORS;

export interface ApiErrorBody {
  error: { code: ErrorCode | string; message: string; title?: string };
}
