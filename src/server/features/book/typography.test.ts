import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { italianTypography, NBSP } from "./typography";

/** Shows no-break spaces as "~" so the expectations stay readable. */
const set = (text: string) => italianTypography(text).replaceAll(NBSP, "~");

describe("italianTypography (issue 13: Italian typography in the book)", () => {
  it.each([
    // Quotes → caporali, no space inside them.
    ['Disse: "Andiamo via".', "Disse: «Andiamo via»."],
    ['"Chi è?" chiese.', "«Chi è?» chiese."],
    ["Lesse “Il nome della rosa” tutto d’un fiato.", "Lesse «Il nome della rosa» tutto d’un fiato."],
    ["Scrisse „basta” sul muro.", "Scrisse «basta» sul muro."],
    ['Urlò " aiuto " due volte.', "Urlò «aiuto» due volte."],
    ['("Mai") rispose.', "(«Mai») rispose."],
    ["Già «impostato» resta così.", "Già «impostato» resta così."],
    // Dashes → em dash, normal spaces around it.
    ["- Chi va là? - chiese la guardia.", "— Chi va là? — chiese la guardia."],
    ["-Fermo!", "— Fermo!"],
    ["Era lì -- immobile -- da ore.", "Era lì — immobile — da ore."],
    ["Il vento – gelido – soffiava.", "Il vento — gelido — soffiava."],
    ['"- Ancora tu?" disse.', "«— Ancora tu?» disse."],
    ["Un capo-squadra del 1943-45 e il numero -5.", "Un capo-squadra del 1943-45 e il numero -5."],
    // Ellipsis.
    ["Forse... domani.", "Forse… domani."],
    ["Aspetta...", "Aspetta…"],
    // Apostrophes.
    ["L'uomo guardò l'orizzonte.", "L’uomo guardò l’orizzonte."],
    ["Aspetta un po' qui.", "Aspetta un po’ qui."],
    ["Negli anni '80 c'era la nebbia.", "Negli anni ’80 c’era la nebbia."],
    ["Chiamò 'fantasma' il vecchio.", "Chiamò ‘fantasma’ il vecchio."],
    ["Dell'Orco e all'ultimo.", "Dell’Orco e all’ultimo."],
    // No-break spaces: numbers and units, currencies, abbreviations.
    ["Mancano 10 km al castello.", "Mancano 10~km al castello."],
    ["Pesa 5 kg e costa 20 € o € 20.", "Pesa 5~kg e costa 20~€ o €~20."],
    ["Fuori ci sono 30 °C, il 50 % di umidità.", "Fuori ci sono 30~°C, il 50~% di umidità."],
    ["Resta 5 min, poi 2 ore.", "Resta 5~min, poi 2~ore."],
    ["Vedi pag. 12 e il n. 5.", "Vedi pag.~12 e il n.~5."],
    ["Il sig. Rossi e la sig.ra Bianchi con il dott. Verdi.", "Il sig.~Rossi e la sig.ra~Bianchi con il dott.~Verdi."],
    ["Sig. Rossi, venga.", "Sig.~Rossi, venga."],
    // Spaces.
    ["Troppi   spazi  qui.", "Troppi spazi qui."],
    ["", ""],
  ])("%j", (input, expected) => {
    expect(set(input)).toBe(expected);
  });

  it("keeps words that merely contain a unit's letters or an abbreviation's", () => {
    expect(set("Alle 5 gente stanca, 3 mele, un dono.")).toBe("Alle 5 gente stanca, 3 mele, un dono.");
  });

  it("keeps line breaks and sets dialogue at each line start", () => {
    expect(set('- Chi sei?\n- Un amico.\n"Bene."')).toBe("— Chi sei?\n— Un amico.\n«Bene.»");
  });

  it("is idempotent on every case and on any text", () => {
    const samples = ['Disse: "Andiamo -- ora... l\'alba!"', "- Sì - rispose il sig. Neri a 3 km.", "“anni '80” e 'citazione'"];
    for (const sample of samples) expect(italianTypography(italianTypography(sample))).toBe(italianTypography(sample));
    const alphabet = fc.constantFrom(..."ab \"'-.…«»—–5k€%\n".split(""), "km", "pag.", "sig.ra", "--", "...");
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 40 }), (parts) => {
        const once = italianTypography(parts.join(""));
        expect(italianTypography(once)).toBe(once);
      }),
      { numRuns: 2000 },
    );
  });
});
