/**
 * Slot filling for the offline storyteller's Italian templates (see corpus/types.ts for the
 * slot syntax), including articulated prepositions and gender agreement.
 */

import type { CastMember, Gender } from "./corpus/types";

/** The characters, places and object of one game (stable for a game id). */
export interface Cast {
  companion: CastMember;
  antagonist: CastMember;
  places: [string, string, string];
  /** The object's name with its definite article. */
  object: string;
  /** The object's grammatical gender, for `{o:…/…}` (issue 38 §3). */
  objectGender: Gender;
}

type Preposition = "a" | "di" | "da" | "in" | "su";

const ARTICLES = ["il", "lo", "la", "i", "gli", "le"] as const;
type Article = (typeof ARTICLES)[number] | "l'";

const CONTRACTIONS: Record<Preposition, Record<Article, string>> = {
  a: { il: "al", lo: "allo", la: "alla", "l'": "all'", i: "ai", gli: "agli", le: "alle" },
  di: { il: "del", lo: "dello", la: "della", "l'": "dell'", i: "dei", gli: "degli", le: "delle" },
  da: { il: "dal", lo: "dallo", la: "dalla", "l'": "dall'", i: "dai", gli: "dagli", le: "dalle" },
  in: { il: "nel", lo: "nello", la: "nella", "l'": "nell'", i: "nei", gli: "negli", le: "nelle" },
  su: { il: "sul", lo: "sullo", la: "sulla", "l'": "sull'", i: "sui", gli: "sugli", le: "sulle" },
};

/**
 * Joins a preposition with a noun phrase that starts with a definite article.
 * Input: preposition (a, di, da, in, su) and a phrase ("la Torre", "l'Abbazia", "Roma").
 * Output: "alla Torre", "nell'Abbazia"; without an article the preposition is only prefixed.
 */
export function articulate(prep: Preposition, phrase: string): string {
  if (phrase.startsWith("l'") || phrase.startsWith("l’")) return CONTRACTIONS[prep]["l'"] + phrase.slice(2);
  const space = phrase.indexOf(" ");
  const first = space > 0 ? phrase.slice(0, space) : "";
  if ((ARTICLES as readonly string[]).includes(first)) {
    return `${CONTRACTIONS[prep][first as Article]}${phrase.slice(space)}`;
  }
  return `${prep} ${phrase}`;
}

/** Upper-cases the first letter (also after a leading markdown marker). */
export function capitalize(text: string): string {
  const m = /^([*_«"]*)(.)/su.exec(text);
  if (!m) return text;
  return m[1]! + m[2]!.toUpperCase() + text.slice(m[0].length);
}

function slotValue(name: string, cast: Cast): string | undefined {
  switch (name) {
    case "compagno":
      return cast.companion.name;
    case "ruolo_compagno":
      return cast.companion.role;
    case "antagonista":
      return cast.antagonist.name;
    case "ruolo_antagonista":
      return cast.antagonist.role;
    case "luogo":
      return cast.places[0];
    case "luogo2":
      return cast.places[1];
    case "luogo3":
      return cast.places[2];
    case "oggetto":
      return cast.object;
    default:
      return undefined;
  }
}

/** The gender a `{c:…}`, `{n:…}` or `{o:…}` slot agrees with: companion, antagonist or object. */
function genderOf(who: string, cast: Cast): Gender {
  if (who === "c") return cast.companion.gender;
  if (who === "n") return cast.antagonist.gender;
  return cast.objectGender;
}

const SLOT = /\{([^{}]+)\}/g;

/**
 * Fills a template with the game's cast.
 * Input: template text, the cast, and optional extra slots (e.g. `{azione}`), by lower-case name.
 * Output: the text with every slot replaced; `{c:m/f}`, `{n:m/f}`, `{o:m/f}` give the form agreeing with
 * the companion, antagonist or object (syntax in corpus/types.ts; issue 38 §3).
 * Errors: throws an Error naming the slot when a slot is unknown (caught by the corpus tests).
 */
export function renderTemplate(template: string, cast: Cast, extra: Record<string, string> = {}): string {
  return template.replace(SLOT, (_whole, raw: string) => {
    const gender = /^([cno]):([^/]*)\/([^/]*)$/.exec(raw);
    if (gender) return genderOf(gender[1]!, cast) === "m" ? gender[2]! : gender[3]!;
    const prep = /^([A-Za-z]+):(.+)$/.exec(raw);
    const prepName = prep ? prep[1]! : null;
    const slot = prep ? prep[2]! : raw;
    const key = slot.toLowerCase();
    const base = extra[key] ?? slotValue(key, cast);
    if (base === undefined) throw new Error(`Unknown template slot {${raw}}`);
    let out = base;
    if (prepName) {
      const p = prepName.toLowerCase();
      if (!["a", "di", "da", "in", "su"].includes(p)) throw new Error(`Unknown preposition in {${raw}}`);
      out = articulate(p as Preposition, base);
    }
    const capital = prepName ? /^[A-Z]/.test(prepName) : /^[A-Z]/.test(slot);
    return capital ? capitalize(out) : out;
  });
}
