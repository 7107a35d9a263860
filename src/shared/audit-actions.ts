/**
 * What the audit log ('Registro attività', issue 9 finding 8; issue 39) writes and how an admin
 * reads it: one Italian label per action the server writes (the server's appendAudit accepts
 * only these keys, so a new action cannot reach the log without its label), and the Italian
 * names of the fields an admin edit lists. Without zod: read by the server's audit writers and
 * the admin pages alike.
 */

/** Every audit action the server writes, with its label on the page and in the 'Azione' filter. */
export const AUDIT_ACTION_LABELS = {
  "admin.denied": "Accesso negato",
  "admin.user.create": "Utente creato",
  "admin.user.update": "Utente modificato",
  "admin.user.delete": "Utente eliminato definitivamente",
  "admin.user.deactivate": "Utente disattivato",
  "admin.user.restore": "Utente ripristinato",
  "admin.user.invite": "Invito inviato di nuovo",
  "admin.user.invite_link": "Link d'invito generato",
  "admin.user.factors.delete": "Verifica in due passaggi rimossa",
  "admin.order.create": "Ordine registrato",
  "admin.order.update": "Stato ordine cambiato",
  "admin.order.refund": "Ordine rimborsato con Stripe",
  "admin.genre_prompt.sync": "Generi sincronizzati",
  "admin.genre_prompt.update": "Prompt di genere aggiornato",
  "admin.genre_prompt.update.conflict": "Prompt di genere: modifica superata rifiutata",
  "admin.share.takedown": "Storia condivisa rimossa",
  "template.create": "Template creato",
  "template.update": "Template modificato",
  "template.update.conflict": "Template: modifica superata rifiutata",
  "template.delete": "Template eliminato",
  "scenario.publish": "Scenario di un giocatore pubblicato",
  "notification.create": "Notifica creata",
  "notification.update": "Notifica modificata",
  "notification.update.conflict": "Notifica: modifica superata rifiutata",
  "notification.publish": "Notifica pubblicata",
  "notification.delete": "Notifica eliminata",
  "moderation.report": "Segnalazione ricevuta",
  "moderation.screening.hold": "Contenuto trattenuto dal controllo automatico",
  "moderation.decision": "Decisione di moderazione",
  "moderation.appeal": "Ricorso presentato",
  "moderation.appeal.decision": "Ricorso deciso",
} as const satisfies Record<string, string>;

/** An action the audit log holds, as the server writes it ('admin.user.update'). */
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

/** The edit of `<edit>.conflict`. */
type EditOf<A> = A extends `${infer Edit}.conflict` ? Edit : never;

/** An admin edit whose refused stale save is written as `<action>.conflict` (issue 22 §9). */
export type VersionedAuditAction = Extract<EditOf<AuditAction>, AuditAction>;

/**
 * Input: an entry's action. Output: its Italian label; an action no longer written (an older
 * entry) reads 'Altra azione' rather than a machine key.
 */
export function auditActionLabel(action: string): string {
  return (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? "Altra azione";
}

/** The Italian name of each field an admin edit of a genre prompt, a template or a notification lists. */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  title: "Titolo",
  description: "Descrizione",
  content: "Contenuto",
  url: "Link",
  genre: "Genere",
  cover_image_url: "Immagine di copertina",
  initial_prompt: "Prompt iniziale",
  system_prompt: "Prompt di sistema",
  response_style: "Stile di risposta",
  story_pacing: "Ritmo",
  interaction_style: "Stile di interazione",
  temperature: "Temperatura",
  max_tokens: "Token massimi",
  context_memory: "Memoria del contesto",
  special_instructions: "Istruzioni speciali",
  preferred_vocabulary: "Vocabolario preferito",
  forbidden_topics: "Argomenti vietati",
  prompt_budget: "Budget del prompt (token)",
  story_cards: "Carte della storia",
};
