/** The first noun phrase of a player's free text (issue 38 §3). */

import { describe, expect, it } from "vitest";
import { nounPhraseOf } from "./nouns";

describe("nounPhraseOf", () => {
  it("gives the first article-led noun with its definite article", () => {
    expect(nounPhraseOf("Apro la cassa con il piede di porco")).toBe("la cassa");
    expect(nounPhraseOf("Colpisco con il piede di porco")).toBe("il piede di porco");
    expect(nounPhraseOf("Prendo uno specchio")).toBe("lo specchio");
    expect(nounPhraseOf("Afferro un'ascia")).toBe("l'ascia");
    expect(nounPhraseOf("Entro nell'armadio")).toBe("l'armadio");
    expect(nounPhraseOf("Impugno la mia spada")).toBe("la tua spada");
  });

  it("skips object pronouns and finds nothing when no noun is named", () => {
    expect(nounPhraseOf("Poi la apro piano")).toBeUndefined();
    expect(nounPhraseOf("La guardo e scappo")).toBeUndefined();
    expect(nounPhraseOf("Scappo via")).toBeUndefined();
  });
});
