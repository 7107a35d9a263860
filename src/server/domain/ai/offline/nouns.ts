/**
 * The first thing a player's free-text move names, so that the offline storyteller can take it up
 * in its narration (issue 38 §3: "Apro la cassa con il piede di porco" → "la cassa").
 */

const DEFINITE: Record<string, string> = {
  il: "il", lo: "lo", la: "la", i: "i", gli: "gli", le: "le",
  al: "il", allo: "lo", alla: "la", ai: "i", agli: "gli", alle: "le",
  del: "il", dello: "lo", della: "la", dei: "i", degli: "gli", delle: "le",
  dal: "il", dallo: "lo", dalla: "la", dai: "i", dagli: "gli", dalle: "le",
  nel: "il", nello: "lo", nella: "la", nei: "i", negli: "gli", nelle: "le",
  sul: "il", sullo: "lo", sulla: "la", sui: "i", sugli: "gli", sulle: "le",
  col: "il", coi: "i",
};

/** Elided forms: l'armadio, all'uscio, dell'oste, un'ascia. */
const ELIDED = new Set(["l", "all", "dell", "dall", "nell", "sull", "un"]);

/** lo, la, le, gli are object pronouns after these words ("poi la apro"), not articles. */
const BEFORE_PRONOUN = new Set(["poi", "e", "non", "ma", "allora", "subito", "io", "che", "se", "quando", "ora", "lo", "la", "gli", "le", "mi", "ti", "ci", "vi", "si", "ne"]);

/** The player's possessives as the narrator says them ("la mia spada" → "la tua spada"). */
const POSSESSIVES: Record<string, string> = { mio: "tuo", mia: "tua", miei: "tuoi", mie: "tue", nostro: "vostro", nostra: "vostra", nostri: "vostri", nostre: "vostre" };

/** Words that do not make a noun phrase after an article (pronouns, quantities, adverbs). */
const NOT_A_NOUN = new Set(["altro", "altra", "altri", "altre", "stesso", "stessa", "quale", "quali", "più", "meno", "uno", "una", "tutto", "tutta", "tutti", "tutte"]);

/** The definite article that replaces an indefinite one before `word` (un coltello → il coltello). */
function definiteFor(indefinite: string, word: string): string {
  if (indefinite === "una") return /^[aeiouàèéìòùh]/iu.test(word) ? "l'" : "la ";
  if (/^[aeiouàèéìòùh]/iu.test(word)) return "l'";
  if (indefinite === "uno" || /^(?:s[^aeiou]|z|gn|ps|x|y|pn)/iu.test(word)) return "lo ";
  return "il ";
}

const TOKEN = /[\p{L}]+['’]?|[^\p{L}\s]+/gu;

/**
 * The first noun phrase of a player's sentence, with its definite article.
 * Input: the free text as written ("Apro la cassa con il piede di porco", "Prendo una torcia").
 * Output: "la cassa", "la torcia", "l'armadio", "la tua spada" (the player's "mia" is the narrator's
 * "tua"); a noun followed by "di" and another word keeps it ("il piede di porco"). Undefined when
 * the sentence has no article-led noun ("Scappo via"). Never throws.
 */
export function nounPhraseOf(text: string): string | undefined {
  const tokens = text.match(TOKEN) ?? [];
  for (let i = 0; i < tokens.length; i++) {
    const raw = tokens[i]!;
    const lower = raw.toLowerCase().replace(/['’]$/u, "");
    const elided = /['’]$/u.test(raw);
    let article: string | undefined;
    if (elided && ELIDED.has(lower)) article = lower === "un" ? "un'" : "l'";
    else if (!elided && (lower in DEFINITE || lower === "un" || lower === "uno" || lower === "una")) article = lower;
    if (!article) continue;
    if (["lo", "la", "le", "gli"].includes(lower) && (i === 0 || BEFORE_PRONOUN.has(tokens[i - 1]!.toLowerCase()))) continue;
    let at = i + 1;
    const words: string[] = [];
    const possessive = POSSESSIVES[tokens[at]?.toLowerCase() ?? ""];
    if (possessive) {
      words.push(possessive);
      at++;
    }
    const noun = tokens[at];
    if (!noun || !/^\p{L}{3,}$/u.test(noun) || NOT_A_NOUN.has(noun.toLowerCase())) continue;
    words.push(noun.toLowerCase());
    if (tokens[at + 1]?.toLowerCase() === "di" && /^\p{L}{3,}$/u.test(tokens[at + 2] ?? "")) words.push("di", tokens[at + 2]!.toLowerCase());
    const phrase = words.join(" ");
    if (article === "un" || article === "uno" || article === "una" || article === "un'") {
      return `${definiteFor(article === "un'" ? "una" : article, phrase)}${phrase}`;
    }
    if (article === "l'") return `l'${phrase}`;
    return `${DEFINITE[article]} ${phrase}`;
  }
  return undefined;
}
