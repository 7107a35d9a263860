/**
 * The kinds of push notification (issue 39) with their Italian labels and texts, and what a push
 * carries. Plain data without zod: the Profilo card reads it on its first load (issue 21: no
 * validation code until a form validates).
 */

/** The kinds of push, in the order the Profilo card lists them. */
export const PUSH_KINDS = ["turn", "vote", "friend", "moderation", "site"] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/**
 * Per kind: the checkbox's label in Profilo, and the notification's title and body. Texts are
 * generic: a push carries no story text (not even a title a player wrote), only what to open.
 */
export const PUSH_TEXTS: Record<PushKind, { label: string; title: string; body: string }> = {
  turn: { label: "'Tocca a te' in una storia di gruppo", title: "Tocca a te", body: "È il tuo turno in una storia di gruppo." },
  vote: { label: "Una votazione aperta", title: "Si vota", body: "Il gruppo sta votando la prossima scelta." },
  friend: { label: "Un amico si è unito alla tua storia", title: "Un amico si è unito", body: "Un amico si è unito alla tua storia di gruppo." },
  moderation: { label: "Una decisione di moderazione sui tuoi contenuti", title: "Decisione di moderazione", body: "C'è una decisione sui tuoi contenuti." },
  site: { label: "Le notifiche del sito", title: "Nuova notifica", body: "C'è una nuova notifica per te." },
};

/** What a push carries (JSON): the kind's texts and the site's path to open. */
export interface PushPayload {
  kind: PushKind;
  title: string;
  body: string;
  /** A path of the site, starting with '/'. */
  url: string;
}
