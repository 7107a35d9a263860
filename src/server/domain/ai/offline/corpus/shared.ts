/**
 * Genre-neutral pieces of the offline storyteller: how a move is introduced, the closing
 * question before the choices, and the choices offered near and at the end of a story.
 * `{azione}` is the player's move, `{lettera}` the chosen letter.
 */

/** Introduces a chosen option written in the infinitive ("seguire Elara…"). */
export const CHOICE_INTROS = [
  "Decidi di {azione}.",
  "Hai scelto di {azione}.",
  "Senza esitare oltre, decidi di {azione}.",
  "Dopo un istante di riflessione, scegli di {azione}.",
  "Prendi fiato e decidi di {azione}.",
  "La scelta è fatta: decidi di {azione}.",
];

/** Introduces a chosen option that is not an infinitive phrase (quoted as it is). */
export const CHOICE_INTROS_LITERAL = [
  "Hai scelto: «{azione}».",
  "La tua scelta è fatta: «{azione}».",
  "Non hai dubbi e scegli così: «{azione}».",
];

/** Used when the previous turn's options cannot be found. */
export const CHOICE_INTROS_MISSING = [
  "Segui la strada indicata dalla lettera {lettera}, fidandoti del tuo istinto.",
  "Scegli l'opzione {lettera} e vai avanti senza voltarti.",
];

/** Introduces the player's free text, quoted. */
export const FREE_INTROS = [
  "«{azione}»: è questa la tua mossa.",
  "Ci pensi un istante, poi agisci: «{azione}».",
  "«{azione}». Lo decidi tu, e nessuno prova a fermarti.",
  "Segui il tuo istinto: «{azione}».",
  "Non c'è tempo per i ripensamenti: «{azione}».",
];

/** Closing line of a turn, right before the choices. */
export const HOOKS = [
  "Che cosa fai?",
  "Ora tocca a te decidere.",
  "Il prossimo passo spetta a te.",
  "Che cosa scegli?",
  "La decisione, adesso, è soltanto tua.",
  "Come vuoi procedere?",
  "Il tempo stringe: che cosa farai?",
  "Tutto dipende dalla tua prossima mossa.",
];

/** Announces a fresh story (action 'new'). */
export const NEW_STORY_LINES = [
  "*Si volta pagina: una nuova storia comincia.*",
  "*La vecchia avventura si chiude alle tue spalle, e un'altra è pronta a cominciare.*",
  "*Tutto ricomincia da capo: nuova storia, nuovo destino.*",
];

/** Replaces the third choice when the story approaches its climax. */
export const CLIMAX_CHOICES = [
  "Affrontare {antagonista} a viso aperto, qualunque sia il prezzo",
  "Giocare l'ultima carta: usare {oggetto} contro {antagonista}",
  "Chiedere a {compagno} di rischiare tutto insieme a te, adesso",
  "Tendere una trappola a {antagonista} e attendere il momento giusto",
];

/** The three choices offered when the story has ended (phase 'conclude'). */
export const ENDING_CHOICES = [
  "Ascoltare l'epilogo: che ne sarà di {compagno} negli anni a venire",
  "Tornare un'ultima volta {a:luogo} per dire addio",
  "Cominciare una nuova avventura con il comando /nuovo",
  "Scoprire che fine ha fatto {antagonista}",
  "Custodire {oggetto} come ricordo di questa storia",
  "Brindare con {compagno} alla fine del viaggio",
];

/** Last line of a concluded story, before the closing choices. */
export const CLOSINGS = [
  "Così si chiude la tua storia. Ma ogni fine, si sa, è anche un inizio.",
  "Qui la tua avventura trova il suo finale, e il ricordo resterà a lungo.",
  "La storia è compiuta. Resta soltanto da decidere come salutarla.",
];
