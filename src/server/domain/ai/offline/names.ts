/**
 * People named in a story's own text (a 'Crea il tuo Gioco' premise, a template's opening), so
 * that the offline storyteller's cast uses the premise's names (issue 38 §3).
 *
 * A person is a first name followed by a surname, both capitalised ("Samuele Bertoli"): a single
 * capitalised word is too often a place or a sentence's first word to be taken as a name. The
 * gender comes from the first name with the Italian ending rule (-a feminine; -o, -e, -i and a
 * consonant masculine) and the common exceptions both ways (Andrea, Luca, Nicola…; Beatrice,
 * Agnese, Irene…).
 */

import type { Gender } from "./corpus/types";

/** A person named in a text: full name as written, and the gender of the first name. */
export interface NamedPerson {
  name: string;
  gender: Gender;
}

/** Masculine first names ending in -a. */
const MASCULINE_IN_A = new Set([
  "andrea", "luca", "gianluca", "nicola", "mattia", "elia", "tobia", "enea", "battista", "zaccaria", "geremia", "isaia", "giona", "evangelista",
]);

/** Feminine first names not ending in -a. */
const FEMININE_OTHER = new Set([
  "beatrice", "adele", "irene", "alice", "agnese", "matilde", "rachele", "clarice", "cloe", "fede", "noemi", "ester", "miriam", "carmen",
  "ines", "ingrid", "nives", "dolores", "rut", "geltrude", "felicite", "berenice", "eloise", "desiree", "giusi", "rosi", "betti", "ivonne",
  "marilyn", "jennifer", "madeleine", "chantal", "margot", "elisabeth", "ruth", "esther", "judith",
]);

/**
 * Capitalised words that open a sentence or name a place or a title rather than a person's first
 * name ("Il", "Nel", "Piazza", "San"): a pair starting with one of them is not a person.
 */
const NOT_A_FIRST_NAME = new Set([
  "il", "lo", "la", "i", "gli", "le", "un", "uno", "una", "di", "a", "da", "in", "con", "su", "per", "tra", "fra", "del", "della", "dello",
  "dei", "degli", "delle", "al", "alla", "allo", "ai", "agli", "alle", "dal", "dalla", "nel", "nella", "nei", "nelle", "sul", "sulla", "e",
  "ma", "o", "se", "che", "non", "sei", "tu", "io", "lui", "lei", "noi", "voi", "loro", "questo", "questa", "quello", "quella", "ogni",
  "tutto", "tutta", "dopo", "prima", "quando", "mentre", "ora", "oggi", "ieri", "domani", "qui", "la", "san", "santa", "santo", "monte",
  "villa", "porta", "via", "piazza", "corso", "viale", "lago", "castel", "castello", "palazzo", "torre", "capo", "isola", "valle",
  "regno", "impero", "repubblica", "signor", "signora", "dottor", "dottoressa", "professor", "professoressa", "ispettore", "commissario",
  "capitano", "generale", "don", "donna", "padre", "madre", "suor", "fra", "re", "regina", "principe", "principessa", "conte", "contessa",
  "duca", "duchessa", "lord", "lady", "sir", "madame", "monsieur", "mister", "miss", "mrs", "mr", "nuova", "nuovo", "grande", "gran",
  "alto", "alta", "basso", "bassa", "premessa", "storia", "crea", "gioco",
]);

/** A place word before a name makes the name part of a place ("via Giuseppe Verdi", "piazza Cavour"). */
const PLACE_BEFORE = /(?:^|\s)(?:via|viale|piazza|piazzale|corso|largo|vicolo|ponte|teatro|ospedale|liceo|scuola|stazione|aeroporto|porto|museo|palazzo|villa|istituto|fondazione)\s+$/iu;

const WORD = "\\p{Lu}\\p{Ll}+(?:['’]\\p{Lu}?\\p{Ll}+)?";
/** A capitalised word followed by another (a lookahead, so "Il Samuele Bertoli" still finds the second pair). */
const PERSON = new RegExp(`(?<![\\p{L}'’])(${WORD})(?=\\s(${WORD})(?![\\p{L}'’]))`, "gu");

/**
 * The gender of an Italian first name.
 * Input: a first name, any case. Output: 'f' for names ending in -a (except Andrea, Luca, Nicola,
 * Mattia, Elia and the like) and for the listed feminine names in -e, -i or a consonant (Beatrice,
 * Agnese, Noemi, Ester…); 'm' otherwise. Never throws.
 */
export function genderOfFirstName(firstName: string): Gender {
  const name = firstName.toLowerCase();
  if (FEMININE_OTHER.has(name)) return "f";
  if (name.endsWith("a")) return MASCULINE_IN_A.has(name) ? "m" : "f";
  return "m";
}

/**
 * The people a text names, in order of first mention, each once.
 * Input: any text (a premise, an opening). Output: `{ name: "Samuele Bertoli", gender: "m" }`, …
 * — pairs of capitalised words whose first word can be a first name (not an article, a
 * preposition, a title or a place word such as "Piazza", "San"), not part of a street or a
 * building's name ("via Giuseppe Verdi"). Never throws; an empty list when no one is named.
 */
export function peopleNamedIn(text: string): NamedPerson[] {
  const people: NamedPerson[] = [];
  let taken = 0; // a surname already used is not the first name of another pair
  for (const match of text.matchAll(PERSON)) {
    const [, first, last] = match as unknown as [string, string, string];
    if (match.index < taken) continue;
    if (NOT_A_FIRST_NAME.has(first.toLowerCase()) || NOT_A_FIRST_NAME.has(last.toLowerCase())) continue;
    if (PLACE_BEFORE.test(text.slice(0, match.index))) continue;
    const name = `${first} ${last}`;
    taken = match.index + name.length;
    if (!people.some((p) => p.name === name)) people.push({ name, gender: genderOfFirstName(first) });
  }
  return people;
}
