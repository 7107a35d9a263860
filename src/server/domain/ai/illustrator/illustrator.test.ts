/** The offline illustrator and the text side of an image (issue 3): real PNGs, deterministic, scene-dependent, no text. */

import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { buildImagePrompt, cleanTitle, sceneFromNarration } from "./image-prompt";
import { drawOfflineScene, sceneSvg } from "./offline-illustrator";
import { themesOf } from "./scene-themes";

const PORT = "La nebbia si alza sul porto di Valmora e una lanterna oscilla nel buio della notte. Il mare è calmo.";
const DESERT = "Il deserto si stende fino all'orizzonte, dune rosse e un sole che tramonta sul canyon.";

describe("offline illustrator", () => {
  it("draws a valid PNG of at least 1280×720", async () => {
    const image = await drawOfflineScene(PORT, PORT, "Fantasy");
    expect(image).toMatchObject({ contentType: "image/png", width: 1280, height: 720 });
    expect(image.bytes.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
    const meta = await sharp(image.bytes).metadata();
    expect(meta).toMatchObject({ format: "png", width: 1280, height: 720 });
  });

  it("is deterministic for the same prompt and differs between scenes", async () => {
    const a = await drawOfflineScene(PORT, PORT, "Fantasy");
    const b = await drawOfflineScene(PORT, PORT, "Fantasy");
    const c = await drawOfflineScene(DESERT, DESERT, "Western");
    expect(a.bytes.equals(b.bytes)).toBe(true);
    expect(a.bytes.equals(c.bytes)).toBe(false);
    // Not just different bytes: the pictures look different (mean colour far apart).
    const [sa, sc] = await Promise.all([sharp(a.bytes).stats(), sharp(c.bytes).stats()]);
    const distance = sa.channels.slice(0, 3).reduce((sum, ch, i) => sum + Math.abs(ch.mean - sc.channels[i]!.mean), 0);
    expect(distance).toBeGreaterThan(30);
  });

  it("chooses shapes from the scene's words and never writes text", () => {
    expect(themesOf(PORT, "Fantasy")).toEqual(expect.arrayContaining(["sea", "night", "fog"]));
    expect(themesOf(DESERT, "Western")).toEqual(expect.arrayContaining(["desert", "dawn"]));
    expect(themesOf("Entri nella città, tra vicoli e palazzi.", "Giallo")[0]).toBe("city");
    expect(themesOf("Niente di particolare.", "Sci-Fi")).toEqual(["space"]);
    const svg = sceneSvg(PORT, PORT, "Fantasy");
    expect(svg).not.toMatch(/<text|<tspan|<image|href=/);
  });
});

describe("image prompt and title", () => {
  const narration = "La nebbia si alza sul porto di **Valmora**.\n\nIl guardiano ti fa cenno.\n\nCosa fai?\nA) Segui il guardiano\nB) Esplora il molo\nC) Torna alla locanda";

  it("takes the scene from the narration without the choices", () => {
    expect(sceneFromNarration(narration)).toBe("La nebbia si alza sul porto di Valmora. Il guardiano ti fa cenno.");
    expect(sceneFromNarration("1. Uno\n2. Due")).toBe("");
    expect(sceneFromNarration("parola ".repeat(300)).length).toBeLessThanOrEqual(701);
  });

  it("asks for the genre's style and no text in the picture", () => {
    const prompt = buildImagePrompt("Il porto di notte.", "Cyberpunk");
    expect(prompt).toContain("16:9");
    expect(prompt).toContain("neon");
    expect(prompt).toContain("Il porto di notte.");
    expect(prompt).toMatch(/No text/);
  });

  it("cleans the model's title and falls back to 'Scena generata'", () => {
    expect(cleanTitle('Titolo: "Il porto nella nebbia."')).toBe("Il porto nella nebbia");
    expect(cleanTitle("**Ombre sul molo**\nUn titolo evocativo")).toBe("Ombre sul molo");
    expect(cleanTitle("uno due tre quattro cinque sei sette otto nove dieci")).toBe("uno due tre quattro cinque sei sette otto");
    expect(cleanTitle("")).toBe("Scena generata");
    expect(cleanTitle("  \n «» ")).toBe("Scena generata");
  });
});
