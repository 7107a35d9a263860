/**
 * Error codes and the spec's Italian messages (spec §8) shared by server and web.
 * The server answers {error: {code, message}}; the web shows `title` and `message` in a toast.
 */

import { ERASURE_SIGN_IN_MINUTES, ERASURE_WORD } from "./erasure";
import { MAX_FACTS_PER_GAME } from "./memory-limits";

export const ERRORS = {
  UNAUTHENTICATED: { title: "Accesso richiesto", message: "Per favore effettua il login per continuare" },
  FORBIDDEN: { title: "Accesso negato", message: "Non hai i permessi per accedere a questa pagina" },
  /** Issue 10, REQUIRE_ADMIN_2FA: an admin without two-step verification. */
  ADMIN_2FA_REQUIRED: {
    title: "Verifica in due passaggi richiesta",
    message: "Per usare il pannello di amministrazione attiva prima la verifica in due passaggi nel tuo profilo, nella sezione Sicurezza.",
  },
  GAME_NOT_FOUND: { title: "Errore", message: "Partita non trovata o non autorizzata." },
  GAME_CREATE_FAILED: { title: "Errore", message: "Errore nel caricamento o creazione della partita." },
  MESSAGE_LIMIT: {
    title: "Limite messaggi raggiunto",
    message: "Hai raggiunto il limite di messaggi per il tuo piano. Per continuare, attendi il reset o effettua un upgrade.",
  },
  EMPTY_REPLY: { title: "Errore", message: "La risposta dell'AI era vuota." },
  AI_FAILED: { title: "Errore", message: "Il narratore non ha risposto. Il tuo messaggio è salvato: premi «Riprova»." },
  AI_TIMEOUT: { title: "Errore", message: "Il narratore ci sta mettendo troppo. Il tuo messaggio è salvato: premi «Riprova»." },
  /** Issue 20 §4: the site's daily token budget (AI_DAILY_TOKEN_BUDGET) is spent; nothing was charged. */
  AI_BUDGET_EXHAUSTED: {
    title: "Il narratore si riposa",
    message: "Il narratore si riposa fino a domani: oggi ha raccontato tutte le storie che poteva. Torna dopo la mezzanotte, il tuo messaggio non è stato scalato.",
  },
  /** Spec §4 Game: the chat is usable only after '/inizia' (the spec gives no text for this case). */
  /** Issue 24 'Gioca insieme' (ADR 0019). */
  INVITATION_NOT_FOUND: { title: "Invito non valido", message: "Invito non valido o scaduto." },
  TOO_MANY_INVITATIONS: { title: "Troppi inviti", message: "Questa storia ha già troppi inviti attivi: revocane qualcuno prima di crearne altri." },
  GROUP_FULL: { title: "Storia al completo", message: "La storia ha già 4 giocatori." },
  NO_GROUP: { title: "Gioca insieme", message: "Invita almeno un amico per giocare insieme." },
  NOT_HOST: { title: "Accesso negato", message: "Solo chi ospita la storia può farlo." },
  READ_ONLY_COPY: { title: "Copia di sola lettura", message: "Questa storia è una copia di sola lettura: puoi rileggerla, esportarla o eliminarla." },
  PLAYER_NOT_FOUND: { title: "Errore", message: "Giocatore non trovato in questa storia." },
  /** Issue 36 finding 8: the host removed this player; an invitation made before the removal no longer lets them back. */
  PLAYER_REMOVED: { title: "Invito non valido", message: "Chi ospita la storia ti ha tolto dal gruppo: per rientrare ti serve un suo nuovo invito." },
  NOT_YOUR_TURN: { title: "Non è il tuo turno", message: "Non è il tuo turno." },
  VOTE_MODE: { title: "Si vota", message: "In questa storia si decide con il voto." },
  NOT_TURNS: { title: "Errore", message: "In questa storia non si gioca a turno." },
  NOT_VOTING: { title: "Errore", message: "In questa storia non si vota." },
  ALREADY_VOTED: { title: "Voto già dato", message: "Hai già votato in questo turno." },
  VOTE_NOT_READY: { title: "Attendi il narratore", message: "Si vota quando il narratore ha finito di raccontare." },
  /** Issue 36 finding 2: a vote decides with the host's vote or more than half of the players (ADR 0019). */
  VOTE_NO_QUORUM: {
    title: "Il voto resta aperto",
    message: "Il tempo è scaduto, ma il voto resta aperto: si decide quando vota chi ospita la storia o più della metà dei giocatori.",
  },
  /** Issue 36 finding 2: the turn a vote chose was refused (the acting player's limit, the day's budget…); the group votes again. */
  VOTE_TURN_REFUSED: { title: "Turno non partito", message: "Il turno scelto dal voto non è partito: votate di nuovo." },
  NARRATION_RUNNING: { title: "Attendi il narratore", message: "Il narratore sta ancora raccontando: attendi la fine." },
  GAME_NOT_STARTED: { title: "Partita non iniziata", message: "Premi /inizia per cominciare la partita." },
  NOTHING_TO_RETRY: { title: "Errore", message: "Non c'è nessun messaggio a cui rispondere." },
  NOTHING_TO_UNDO: { title: "Errore", message: "Non c'è nessun turno da annullare." },
  NOTHING_TO_REGENERATE: { title: "Errore", message: "Non c'è nessuna narrazione da rigenerare." },
  MESSAGE_NOT_FOUND: { title: "Errore", message: "Messaggio non trovato in questa partita." },
  MESSAGE_NOT_EDITABLE: { title: "Errore", message: "Questo messaggio non si può modificare." },
  /** Issue 11 §1 'Ricordi'. */
  FACT_NOT_FOUND: { title: "Errore", message: "Ricordo non trovato in questa partita." },
  FACT_LIMIT: { title: "Troppi ricordi", message: `Questa partita ha già ${MAX_FACTS_PER_GAME} ricordi: elimina quelli che non servono più prima di aggiungerne altri.` },
  IMAGE_LOGIN_REQUIRED: { title: "Accesso richiesto", message: "Devi effettuare il login per generare immagini" },
  VISUALIZE_LIMIT: { title: "Token visualizzazione insufficienti", message: "Non hai abbastanza token per generare un'immagine." },
  NO_SCENE: { title: "Errore", message: "Nessun messaggio disponibile per generare un'immagine" },
  IMAGE_FAILED: { title: "Errore nella generazione", message: "Non è stato possibile generare l'immagine." },
  IMAGE_TIMEOUT: { title: "Errore nella generazione", message: "La creazione dell'immagine ci sta mettendo troppo. Riprova più tardi." },
  IMAGE_INVALID: { title: "Risposta non valida dal server", message: "URL immagine non valido dalla risposta" },
  IMAGE_SAVE_FAILED: { title: "Errore", message: "Errore nel salvare l'immagine nel database" },
  IMAGE_NOT_FOUND: { title: "Errore", message: "Immagine non trovata" },
  DUPLICATE_SESSION: {
    title: "Sessione già attiva",
    message: "Hai già una chat attiva in un'altra finestra. Chiudi le altre chat prima di continuare.",
  },
  VALIDATION: { title: "Errore", message: "Dati non validi." },
  /** Issue 40 §3: a character card or lorebook that cannot be imported (the message names the problem). */
  CARD_INVALID: { title: "Scheda non valida", message: "La scheda non è valida." },
  /** Issue 40 §3: too many imports by one player in an hour (429). */
  CARD_IMPORT_LIMIT: { title: "Troppe importazioni", message: "Hai importato troppe schede in poco tempo. Attendi un'ora e riprova." },
  GENERIC: { title: "Errore", message: "Si è verificato un errore. Riprova più tardi." },
  // The HTTP surface (issue 9: bounded bodies, malformed input, origins, unknown paths)
  MALFORMED_REQUEST: { title: "Errore", message: "La richiesta non è valida: i dati inviati non sono leggibili." },
  PAYLOAD_TOO_LARGE: { title: "Richiesta troppo grande", message: "I dati inviati sono troppo grandi." },
  /** Issue 19 finding 1: the auth routes read JSON bodies only. */
  UNSUPPORTED_MEDIA_TYPE: { title: "Errore", message: "Formato della richiesta non supportato: invia i dati in JSON." },
  BAD_ORIGIN: {
    title: "Indirizzo non riconosciuto",
    message: "Questo indirizzo del sito non è riconosciuto. Apri il sito dal suo indirizzo principale e riprova.",
  },
  NOT_FOUND: { title: "Errore", message: "Risorsa non trovata." },
  RATE_LIMITED: { title: "Troppi tentativi", message: "Hai fatto troppi tentativi. Attendi un minuto e riprova." },
  // Bounds on work in progress (issue 19: per player and per instance)
  TOO_MANY_AT_ONCE: { title: "Troppe richieste insieme", message: "Hai già troppe richieste in corso: attendi che finiscano e riprova." },
  TOO_MANY_STREAMS: { title: "Troppe finestre aperte", message: "Stai seguendo le tue storie in troppe finestre: chiudine qualcuna e riprova." },
  SERVER_BUSY: { title: "Sito molto richiesto", message: "Il sito è molto richiesto in questo momento: riprova tra qualche istante." },
  // Profile and notifications (issue 5; spec §8 Profile, Notifications)
  NICKNAME_TAKEN: { title: "Errore", message: "Questo nickname è già in uso. Scegline un altro." },
  EXPORT_FAILED: { title: "Errore", message: "Impossibile esportare i dati." },
  /** Issue 19 finding 6: one book export per player at a time (429). */
  EXPORT_BUSY: { title: "Esportazione in corso", message: "Stai già esportando una storia: attendi che il download finisca, poi riprova." },
  /** Issue 19 finding 6: the server's bound on book exports at once is reached (503). */
  EXPORTS_FULL: { title: "Esportazioni sospese", message: "In questo momento ci sono troppe esportazioni in corso. Riprova tra qualche minuto." },
  ACCOUNT_DELETE_FAILED: { title: "Errore", message: "Impossibile eliminare l'account." },
  /** Issue 36 finding 17: erasing the account asks the password, a code or the typed word (ErasureProofView). */
  ERASURE_PASSWORD_REQUIRED: { title: "Conferma richiesta", message: "Inserisci la tua password per eliminare l'account." },
  ERASURE_PASSWORD_WRONG: { title: "Conferma non riuscita", message: "Password non corretta." },
  ERASURE_CODE_REQUIRED: { title: "Conferma richiesta", message: "Inserisci un codice dell'app di autenticazione o un codice di backup." },
  ERASURE_CODE_WRONG: { title: "Conferma non riuscita", message: "Codice non valido o già usato. Controlla l'app di autenticazione e riprova." },
  ERASURE_WORD_REQUIRED: { title: "Conferma richiesta", message: `Scrivi ${ERASURE_WORD} per confermare.` },
  ERASURE_SIGN_IN_AGAIN: {
    title: "Accedi di nuovo",
    message: `Per sicurezza esci e accedi di nuovo, poi elimina l'account entro ${ERASURE_SIGN_IN_MINUTES} minuti.`,
  },
  // Push notifications (issue 39)
  PUSH_SERVICE_NOT_ALLOWED: {
    title: "Notifiche sul telefono",
    message: "Il servizio di notifiche di questo browser non è tra quelli consentiti dal sito: le notifiche sul telefono non si possono attivare qui.",
  },
  NOTIFICATION_NOT_FOUND: { title: "Errore", message: "Notifica non trovata." },
  NOTIFICATION_ALREADY_PUBLISHED: { title: "Errore", message: "La notifica è già pubblicata." },
  // Templates and AI helpers (issue 4; spec §8 AI helpers and templates, Like and favorite, Game)
  TEMPLATE_NOT_FOUND: { title: "Errore", message: "Template non trovato." },
  /** Issue 40 §1: the chosen opening is not one of the scenario's. */
  OPENING_NOT_FOUND: { title: "Inizio non valido", message: "Scegli uno degli inizi proposti." },
  EMPTY_FIELD: { title: "Campo vuoto", message: "Scrivi qualcosa nel campo prima di migliorarlo." },
  MISSING_FIELDS: { title: "Campi mancanti", message: "Inserisci almeno titolo e genere per generare i contenuti." },
  MISSING_COVER_FIELDS: { title: "Campi mancanti", message: "Inserisci titolo, descrizione e genere per generare l'immagine." },
  IMPROVE_FAILED: { title: "Errore nel miglioramento", message: "Non è stato possibile migliorare il testo." },
  GENERATE_FAILED: { title: "Errore nella generazione", message: "Non è stato possibile generare i contenuti." },
  COVER_FAILED: { title: "Errore nella generazione", message: "Non è stato possibile generare l'immagine." },
  COVER_LOGIN_REQUIRED: { title: "Errore di autenticazione", message: "Per favore, effettua il login per generare un'immagine." },
  LIKE_FAILED: { title: "Errore", message: "Impossibile aggiornare il like." },
  FAVORITE_FAILED: { title: "Errore", message: "Impossibile aggiornare i preferiti." },
  /** Spec §5: starting or creating a game needs a session. */
  START_LOGIN_REQUIRED: { title: "Accesso richiesto", message: "Devi effettuare il login per iniziare una nuova partita" },
  /** Issue 13 "A public reading page": a story an admin took down cannot be shared again. */
  SHARE_TAKEN_DOWN: { title: "Storia rimossa", message: "Questa storia è stata rimossa da un amministratore e non può essere condivisa." },
  SHARE_NOT_FOUND: { title: "Errore", message: "Storia condivisa non trovata." },
  /** Issue 22 §9: an admin saved an edit made on a version another admin has since replaced. */
  STALE_EDIT: {
    title: "Modifica non salvata",
    message: "Questo elemento è stato modificato da un altro amministratore: ricarica per vedere la versione attuale.",
  },
  // Trust and safety (issue 23: reports, moderation queue, statements of reasons, appeals)
  CONTENT_REMOVED: {
    title: "Contenuto rimosso",
    message: "Questo contenuto è stato rimosso dai moderatori perché violava la legge o le regole del sito. Chi l'ha pubblicato ha ricevuto la motivazione.",
  },
  CONTENT_UNDER_REVIEW: { title: "Contenuto in revisione", message: "Questo contenuto è in attesa della revisione dei moderatori." },
  CONTENT_NOT_FOUND: { title: "Errore", message: "Contenuto non trovato: potrebbe essere stato eliminato." },
  REPORT_LIMIT: { title: "Troppe segnalazioni", message: "Hai inviato troppe segnalazioni in poco tempo. Riprova più tardi." },
  NOTHING_TO_DECIDE: { title: "Errore", message: "Non ci sono segnalazioni aperte su questo contenuto." },
  DECISION_NOT_FOUND: { title: "Errore", message: "Decisione non trovata." },
  APPEAL_EXISTS: { title: "Errore", message: "Hai già contestato questa decisione." },
  APPEAL_NOT_ALLOWED: { title: "Errore", message: "Questa decisione non si può più contestare." },
  APPEAL_NOT_FOUND: { title: "Errore", message: "Ricorso non trovato o già deciso." },
  APPEAL_SAME_MODERATOR: {
    title: "Moderatore diverso richiesto",
    message: "Il ricorso deve essere deciso da un moderatore diverso da chi ha preso la decisione.",
  },
  /** Issue 36 finding 5: nobody decides the reports or the appeal of an item they wrote, whatever their role. */
  CONFLICT_OF_INTEREST: {
    title: "Conflitto di interessi",
    message: "Non puoi decidere su un contenuto che hai scritto tu: lo deciderà un altro moderatore.",
  },
  // 'Ascolta' with the server's voice (issue 39)
  SERVER_VOICE_OFF: { title: "Voce non disponibile", message: "La lettura con la voce del sito non è attiva: Ascolta usa le voci del tuo browser." },
  SPEECH_PART_NOT_FOUND: { title: "Errore", message: "Questa frase non c'è nel racconto: ricarica la pagina e riprova." },
  SPEECH_LIMIT: { title: "Troppe letture", message: "Hai chiesto troppe frasi da leggere in poco tempo. Attendi un minuto e riprova." },
  SPEECH_FAILED: { title: "Voce non disponibile", message: "La voce del sito non risponde in questo momento. Riprova tra poco." },
  PUBLISHING_SUSPENDED: {
    title: "Pubblicazione sospesa",
    message: "La possibilità di pubblicare contenuti è sospesa per il tuo account per decisione dei moderatori.",
  },
  // Scenarios by players (issue 40 §1)
  SCENARIO_NOT_FOUND: { title: "Errore", message: "Scenario non trovato." },
  SCENARIO_DRAFT_LIMIT: { title: "Troppi scenari", message: "Hai creato troppi scenari oggi: potrai crearne altri domani." },
  COVER_UPLOAD_LIMIT: { title: "Troppe immagini", message: "Hai caricato troppe copertine in un'ora: riprova più tardi." },
  SCENARIO_PUBLISH_LIMIT: { title: "Troppe pubblicazioni", message: "Hai pubblicato troppi scenari oggi: potrai pubblicarne altri domani." },
  SCENARIO_NOT_DRAFT: { title: "Già pubblicato", message: "Questo scenario è già pubblicato." },
  COVER_INVALID: { title: "Copertina non valida", message: "Il file non è un'immagine JPEG, PNG o WebP leggibile." },
  SCENARIO_NOT_REMIXABLE: { title: "Remix non possibile", message: "Si può fare il remix solo di uno scenario pubblicato." },
  AUTHOR_NOT_FOUND: { title: "Errore", message: "Autore non trovato." },
} as const;

export type ErrorCode = keyof typeof ERRORS;

export interface ApiErrorBody {
  error: { code: ErrorCode | string; message: string; title?: string };
}
