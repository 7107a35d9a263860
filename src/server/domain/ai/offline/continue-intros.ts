/**
 * 'Continua' in the offline storyteller (issue 38 §4): the opening sentence of a turn the player
 * left to the narrator (no choice, no words of theirs). Kept apart from the genre corpora: the
 * rest of the turn is composed as after any move. Second person, present tense, no gendered
 * agreement (the player's gender is unknown).
 */
export const CONTINUE_INTROS = [
  "Lasci che gli eventi facciano il loro corso.",
  "Resti in attesa ancora un momento, e intanto le cose si muovono.",
  "Il tempo scorre e la scena va avanti senza aspettarti.",
  "Per ora non fai nulla: è il mondo intorno a te a muoversi per primo.",
] as const;
