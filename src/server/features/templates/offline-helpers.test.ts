/** Offline AI helpers (issue 4): visible Italian clean-up, genre-appropriate generated fields. */

import { describe, expect, it } from "vitest";
import { GENRES } from "../../../shared/genres";
import { templateFormSchema } from "../../../shared/schemas/template";
import { castFor } from "../../domain/ai/offline/cast";
import { offlineGenerate, offlineImprove } from "./offline-helpers";

describe("offlineImprove", () => {
  it("cleans Italian typography and style", () => {
    expect(offlineImprove('  il detective entra   nella stanza ,  e\' molto grande ...  "chi e\' stato?" chiede', "description")).toBe(
      "Il detective entra nella stanza, è immenso… «chi è stato?» chiede.",
    );
    expect(offlineImprove("perche nessuno parla?nessuno risponde", "initial_prompt")).toBe("Perché nessuno parla? Nessuno risponde.");
    expect(offlineImprove("l'ombra del faro.", "title")).toBe("L’ombra del faro");
    expect(offlineImprove("la notte - fredda - cala", "system_prompt")).toBe("La notte — fredda — cala.");
    expect(offlineImprove("una casa casa molto vecchia", "description")).toBe("Una casa antichissima.");
  });
});

describe("offlineGenerate", () => {
  it("fills exactly the requested fields, with values the template form accepts", () => {
    for (const genre of ["Fantasy", "Giallo", "Storico", "Guerra", "Avventura", "Romantico"] as const) {
      const fields = offlineGenerate("La torre d'avorio", genre, ["description", "initial_prompt", "system_prompt", "special_instructions", "preferred_vocabulary", "forbidden_topics"]);
      const parsed = templateFormSchema.safeParse({ title: "La torre d'avorio", genre, ...fields });
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      expect(fields.system_prompt).toContain(genre.toLowerCase());
      expect(fields.description).toContain("La torre d'avorio");
      expect(fields.initial_prompt).not.toContain("**");
    }
    expect(Object.keys(offlineGenerate("X", "Horror", ["initial_prompt"]))).toEqual(["initial_prompt"]);
  });

  it("makes the key object's pronoun agree with its gender (issue 38 §3)", () => {
    const seen = new Set<string>();
    for (const genre of GENRES) {
      for (const title of ["La torre d'avorio", "Ombre", "Il ritorno", "Neon"]) {
        const { special_instructions: text } = offlineGenerate(title, genre, ["special_instructions"]);
        const object = castFor(`template|${title}`, genre);
        expect(text).toMatch(new RegExp(`^${object.object.charAt(0).toUpperCase()}`, "u"));
        expect(text).toContain(object.objectGender === "f" ? "falla comparire" : "fallo comparire");
        seen.add(object.objectGender);
      }
    }
    expect([...seen].sort()).toEqual(["f", "m"]);
  });

  it("suggests styles and a premise for every genre of /crea-gioco", () => {
    for (const genre of GENRES) {
      const fields = offlineGenerate("Titolo", genre, ["premise", "response_style", "story_pacing", "interaction_style"]);
      expect(fields.premise!.length).toBeGreaterThanOrEqual(20);
      expect(fields.response_style).toBeTruthy();
    }
  });
});
