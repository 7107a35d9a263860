/**
 * Gender agreement of the offline storyteller (issue 38 §3): every template of every genre is
 * rendered with each combination of a feminine and a masculine companion, antagonist and object,
 * and no clause that names one of them carries an inflected form of the other gender.
 */

import { describe, expect, it } from "vitest";
import { GENRES, type GenreName } from "../../../../shared/genres";
import shared from "./corpus/shared.json";
import { CORPORA, type CastMember, type Gender } from "./corpus";
import { renderTemplate, type Cast } from "./template";

/**
 * Predicate forms that agree with the character or object they describe, as [masculine, feminine]:
 * the participles and adjectives the corpus inflects after a cast member (written with a gender
 * slot, e.g. `per prim{c:o/a}`), and the ones found written for one gender only (issue 38 §3).
 */
const AGREEING: readonly (readonly [string, string])[] = [
  ["per primo", "per prima"],
  ["sparito", "sparita"],
  ["essersi seduto", "essersi seduta"],
  ["come un bambino", "come una bambina"],
  ["finito nelle", "finita nelle"],
  ["distrutto", "distrutta"],
  ["perduto", "perduta"],
  ["coperto di fango", "coperta di fango"],
  ["incorniciato", "incorniciata"],
  ["custodito", "custodita"],
  ["scosso", "scossa"],
  ["stato rubato", "stata rubata"],
  ["è salvo", "è salva"],
  ["avvolto", "avvolta"],
  ["consegnato", "consegnata"],
  ["caldo come", "calda come"],
  ["con lui il progetto", "con lei il progetto"],
  ["e con esso", "e con essa"],
  ["pronto", "pronta"],
  ["convinto", "convinta"],
  ["seduto", "seduta"],
];

/** The templates of a corpus: every string except the cast pools (names, places, objects). */
function templatesOf(data: unknown, skip: ReadonlySet<string>): string[] {
  if (typeof data === "string") return [data];
  if (Array.isArray(data)) return data.flatMap((item) => templatesOf(item, skip));
  if (data && typeof data === "object") {
    return Object.entries(data).flatMap(([key, value]) => (skip.has(key) ? [] : templatesOf(value, skip)));
  }
  return [];
}

const CAST_POOLS = new Set(["companions", "antagonists", "places", "objects"]);
const SHARED_TEMPLATES = templatesOf(shared, new Set());

function memberOf(pool: readonly CastMember[], gender: Gender, fallback: CastMember): CastMember {
  return pool.find((member) => member.gender === gender) ?? fallback;
}

const FALLBACK: Record<Gender, CastMember> = {
  m: { name: "Samuele Bertoli", gender: "m", role: "un vecchio amico" },
  f: { name: "Agnese Sartori", gender: "f", role: "una vecchia amica" },
};

/** The noun phrase of an object without its article ("l'amuleto delle maree" → "amuleto delle maree"). */
const withoutArticle = (phrase: string) => phrase.replace(/^(?:il|lo|la|i|gli|le) |^l['’]/u, "");

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

interface Agreement {
  templates: number;
  clauses: number;
  disagreements: string[];
}

/** Renders every template of a genre with the 8 gender combinations and lists the disagreements. */
function checkGenre(genre: GenreName): Agreement {
  const corpus = CORPORA[genre];
  const templates = [...templatesOf(corpus, CAST_POOLS), ...SHARED_TEMPLATES];
  const result: Agreement = { templates: templates.length, clauses: 0, disagreements: [] };
  const genders: Gender[] = ["m", "f"];
  for (const c of genders) {
    for (const n of genders) {
      for (const o of genders) {
        const object = corpus.objects.find((candidate) => candidate.gender === o);
        if (!object) continue;
        const cast: Cast = {
          companion: memberOf(corpus.companions, c, FALLBACK[c]),
          antagonist: memberOf(corpus.antagonists, n, FALLBACK[n]),
          places: [corpus.places[0]!, corpus.places[1]!, corpus.places[2]!],
          object: object.name,
          objectGender: object.gender,
        };
        const subjects: [string, Gender][] = [
          [cast.companion.name, c],
          [cast.antagonist.name, n],
          [withoutArticle(cast.object), o],
        ];
        const extra = { azione: "aprire la porta", lettera: "A", cosa: "la cassa" };
        for (const template of templates) {
          const text = renderTemplate(template, cast, extra);
          // Clauses: sentences and quotations, and coordinated clauses after a comma (", e …", ", ma …").
          for (const clause of text.split(/[.!?;:«»\n]|,\s+(?:e|ma|che)\s+/u)) {
            // The subject of the clause: a cast member named in it, not as a complement ("la macchina di Ada").
            const named = subjects.flatMap(([name, gender]) => {
              const at = clause.toLowerCase().indexOf(name.toLowerCase());
              return at >= 0 && !/\bd(?:i|el|ello|ella|ell['’]) $/iu.test(clause.slice(0, at).replace(/\*+$/u, "")) ? [{ name, gender, at }] : [];
            });
            if (named.length !== 1) continue;
            result.clauses++;
            const { name, gender, at } = named[0]!;
            const predicate = clause.slice(at + name.length);
            for (const [masculine, feminine] of AGREEING) {
              const wrong = gender === "f" ? masculine : feminine;
              if (new RegExp(`(?<!\\p{L})${escape(wrong)}(?!\\p{L})`, "iu").test(predicate)) {
                result.disagreements.push(`${genre} [${name}, ${gender}] «${wrong}» in: ${clause.trim()}`);
              }
            }
          }
        }
      }
    }
  }
  return result;
}

describe("gender agreement of the offline storyteller (issue 38 §3)", () => {
  it("corpus objects carry their gender, agreeing with their article", () => {
    for (const genre of GENRES) {
      for (const object of CORPORA[genre].objects) {
        if (/^la |^le /u.test(object.name)) expect(object.gender, object.name).toBe("f");
        if (/^(?:il|lo|i|gli) /u.test(object.name)) expect(object.gender, object.name).toBe("m");
      }
      expect(CORPORA[genre].objects.some((o) => o.gender === "m")).toBe(true);
      expect(CORPORA[genre].objects.some((o) => o.gender === "f")).toBe(true);
    }
  });

  it("renders every template with feminine and masculine subjects, each inflected form agreeing", () => {
    let templates = 0;
    let clauses = 0;
    const disagreements: string[] = [];
    for (const genre of GENRES) {
      const result = checkGenre(genre);
      templates += result.templates;
      clauses += result.clauses;
      disagreements.push(...result.disagreements);
    }
    expect(templates).toBeGreaterThan(14 * 60);
    expect(clauses).toBeGreaterThan(templates);
    expect([...new Set(disagreements)]).toEqual([]);
  });
});
