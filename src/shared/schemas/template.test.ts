/** Template form rules and messages (spec §5 Template form, §9 limits), forbidden topics splitting. */

import { describe, expect, it } from "vitest";
import { createCustomGameSchema } from "./create-game";
import { isValidCoverUrl, splitForbiddenTopics, TEMPLATE_FORM_DEFAULTS, templateFormSchema } from "./template";

const valid = {
  ...TEMPLATE_FORM_DEFAULTS,
  title: "Il faro",
  description: "Una notte di tempesta sul faro.",
  genre: "Giallo",
  initial_prompt: "La lanterna del faro si spegne all'improvviso.",
};

/** The first message of a failed parse. */
function messageFor(values: Record<string, unknown>): string | undefined {
  const result = templateFormSchema.safeParse(values);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe("template form schema", () => {
  it("accepts a complete form and applies the defaults of §5", () => {
    const parsed = templateFormSchema.parse({ title: "Il faro", description: "Una notte di tempesta.", genre: "Fantasy", initial_prompt: "x".repeat(20) });
    expect(parsed).toMatchObject({
      temperature: 1,
      max_tokens: 1024,
      context_memory: 10,
      response_style: "bilanciato",
      story_pacing: "bilanciato",
      interaction_style: "guidato",
      cover_image_url: null,
      system_prompt: null,
      special_instructions: null,
      preferred_vocabulary: null,
      forbidden_topics: [],
    });
  });

  it("gives the spec's message for each text rule", () => {
    expect(messageFor({ ...valid, title: "ab" })).toBe("Il titolo deve avere almeno 3 caratteri.");
    expect(messageFor({ ...valid, title: "  ab  " })).toBe("Il titolo deve avere almeno 3 caratteri.");
    expect(messageFor({ ...valid, description: "corta" })).toBe("La descrizione deve avere almeno 10 caratteri.");
    expect(messageFor({ ...valid, initial_prompt: "troppo corto" })).toBe("Il contenuto iniziale deve avere almeno 20 caratteri.");
    expect(messageFor({ ...valid, cover_image_url: "non un url" })).toBe("Inserisci un URL valido per l'immagine.");
    expect(messageFor({ ...valid, cover_image_url: "javascript:alert(1)" })).toBe("Inserisci un URL valido per l'immagine.");
    expect(messageFor({ ...valid, title: "abc" })).toBeUndefined();
    expect(messageFor({ ...valid, description: "0123456789" })).toBeUndefined();
    expect(messageFor({ ...valid, initial_prompt: "x".repeat(20) })).toBeUndefined();
  });

  it("refuses an http:// cover with its own message: the CSP would block it (issue 9)", () => {
    expect(messageFor({ ...valid, cover_image_url: "http://example.com/a.png" })).toBe("L'URL dell'immagine deve iniziare con https://.");
    expect(messageFor({ ...valid, cover_image_url: " HTTP://example.com/a.png " })).toBe("L'URL dell'immagine deve iniziare con https://.");
    expect(isValidCoverUrl("http://example.com/a.png")).toBe(false);
    expect(isValidCoverUrl("ftp://example.com/a.png")).toBe(false);
  });

  it("accepts an empty cover, an https URL and our stored images", () => {
    expect(templateFormSchema.parse({ ...valid, cover_image_url: "" }).cover_image_url).toBeNull();
    expect(templateFormSchema.parse({ ...valid, cover_image_url: "https://example.com/a.png" }).cover_image_url).toBe("https://example.com/a.png");
    expect(templateFormSchema.parse({ ...valid, cover_image_url: "/media/covers/2025/01/abc.png" }).cover_image_url).toBe("/media/covers/2025/01/abc.png");
  });

  it("accepts only the six template genres", () => {
    for (const genre of ["Fantasy", "Giallo", "Storico", "Guerra", "Avventura", "Romantico"]) {
      expect(messageFor({ ...valid, genre })).toBeUndefined();
    }
    for (const genre of ["Horror", "Sci-Fi", "", "fantasy"]) {
      expect(messageFor({ ...valid, genre })).toBe("Scegli un genere tra Fantasy, Giallo, Storico, Guerra, Avventura e Romantico.");
    }
  });

  it("keeps temperature 0–2, max tokens 50–8192 and memory 0–20 (integers)", () => {
    expect(messageFor({ ...valid, temperature: 0 })).toBeUndefined();
    expect(messageFor({ ...valid, temperature: 2 })).toBeUndefined();
    expect(messageFor({ ...valid, temperature: 2.1 })).toBe("La creatività deve essere un numero compreso tra 0 e 2.");
    expect(messageFor({ ...valid, temperature: -0.1 })).toBe("La creatività deve essere un numero compreso tra 0 e 2.");
    expect(messageFor({ ...valid, max_tokens: 50 })).toBeUndefined();
    expect(messageFor({ ...valid, max_tokens: 8192 })).toBeUndefined();
    expect(messageFor({ ...valid, max_tokens: 49 })).toBe("La lunghezza massima deve essere un numero intero compreso tra 50 e 8192.");
    expect(messageFor({ ...valid, max_tokens: 8193 })).toBe("La lunghezza massima deve essere un numero intero compreso tra 50 e 8192.");
    expect(messageFor({ ...valid, max_tokens: 100.5 })).toBe("La lunghezza massima deve essere un numero intero compreso tra 50 e 8192.");
    expect(messageFor({ ...valid, context_memory: 0 })).toBeUndefined();
    expect(messageFor({ ...valid, context_memory: 20 })).toBeUndefined();
    expect(messageFor({ ...valid, context_memory: 21 })).toBe("La memoria del contesto deve essere un numero intero compreso tra 0 e 20.");
    expect(messageFor({ ...valid, context_memory: 1.5 })).toBe("La memoria del contesto deve essere un numero intero compreso tra 0 e 20.");
  });

  it("accepts only the option lists of §5", () => {
    for (const response_style of ["bilanciato", "creativo", "preciso", "drammatico", "umoristico"]) expect(messageFor({ ...valid, response_style })).toBeUndefined();
    for (const story_pacing of ["lento", "bilanciato", "veloce"]) expect(messageFor({ ...valid, story_pacing })).toBeUndefined();
    for (const interaction_style of ["guidato", "aperto", "misto"]) expect(messageFor({ ...valid, interaction_style })).toBeUndefined();
    expect(messageFor({ ...valid, response_style: "poetico" })).toBe("Scegli uno stile di risposta dall'elenco.");
    expect(messageFor({ ...valid, story_pacing: "medio" })).toBe("Scegli un ritmo dall'elenco.");
    expect(messageFor({ ...valid, interaction_style: "libero" })).toBe("Scegli uno stile di interazione dall'elenco.");
  });

  it("turns blank optional texts into null and splits forbidden topics", () => {
    const parsed = templateFormSchema.parse({
      ...valid,
      system_prompt: "   ",
      special_instructions: "",
      preferred_vocabulary: "  epico  ",
      forbidden_topics: " gore , , politica,  ,religione ",
    });
    expect(parsed.system_prompt).toBeNull();
    expect(parsed.special_instructions).toBeNull();
    expect(parsed.preferred_vocabulary).toBe("epico");
    expect(parsed.forbidden_topics).toEqual(["gore", "politica", "religione"]);
  });
});

describe("splitForbiddenTopics", () => {
  it("splits on commas, trims, drops empty entries", () => {
    expect(splitForbiddenTopics("a, b ,c")).toEqual(["a", "b", "c"]);
    expect(splitForbiddenTopics(" , ,")).toEqual([]);
    expect(splitForbiddenTopics("")).toEqual([]);
    expect(splitForbiddenTopics(null)).toEqual([]);
    expect(splitForbiddenTopics(["  x ", "", "y"])).toEqual(["x", "y"]);
    expect(splitForbiddenTopics("violenza esplicita")).toEqual(["violenza esplicita"]);
  });
});

describe("/crea-gioco schema", () => {
  it("needs a title of 3, one of the 14 genres and a premise of 20 characters; styles are optional", () => {
    const ok = createCustomGameSchema.parse({ title: "Neon", genre: "Cyberpunk", premise: "x".repeat(20), response_style: "" });
    expect(ok).toMatchObject({ genre: "Cyberpunk", response_style: null, story_pacing: null, interaction_style: null });
    const bad = (v: Record<string, unknown>) => createCustomGameSchema.safeParse(v).error?.issues[0]?.message;
    expect(bad({ title: "ab", genre: "Horror", premise: "x".repeat(20) })).toBe("Il titolo deve avere almeno 3 caratteri.");
    expect(bad({ title: "abc", genre: "Horror", premise: "x".repeat(19) })).toBe("La premessa deve avere almeno 20 caratteri.");
    expect(bad({ title: "abc", genre: "Spaghetti", premise: "x".repeat(20) })).toBe("Seleziona un genere");
  });
});
