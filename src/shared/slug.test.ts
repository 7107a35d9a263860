/** Template slug rule (spec §9): lower-cased, accents removed, spaces → hyphens, non-word characters dropped. */

import { describe, expect, it } from "vitest";
import { imageSlug } from "./image-slug";
import { templatePath, templateSlug } from "./slug";

describe("templateSlug", () => {
  it("lower-cases, removes accents, turns spaces into hyphens and drops non-word characters", () => {
    expect(templateSlug("Il Mistero di Villa Àlbera")).toBe("il-mistero-di-villa-albera");
    expect(templateSlug("Perché è così? L'ultimo caffè!")).toBe("perche-e-cosi-lultimo-caffe");
    expect(templateSlug("  Città   perduta  ")).toBe("citta-perduta");
    expect(templateSlug("Capitolo 2: la fuga")).toBe("capitolo-2-la-fuga");
  });

  it("never returns an empty slug", () => {
    expect(templateSlug("???")).toBe("template");
    expect(templateSlug("")).toBe("template");
    expect(templateSlug(null)).toBe("template");
  });

  it("differs from the gallery rule, which keeps accented letters", () => {
    expect(imageSlug("Città perduta")).toBe("città-perduta");
    expect(templateSlug("Città perduta")).toBe("citta-perduta");
  });

  it("builds the canonical page path /scopri/{slug}/{id}", () => {
    expect(templatePath("abc-123", "L'isola di Ferro")).toBe("/scopri/lisola-di-ferro/abc-123");
  });
});
