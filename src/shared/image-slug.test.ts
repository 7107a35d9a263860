/** Slug rule of spec §2 (/galleria/{slug}): lower-cased, punctuation removed, spaces to hyphens, default 'immagine'. */

import { describe, expect, it } from "vitest";
import { imageDownloadName, imagePath, imageSlug, looksLikeImageId } from "./image-slug";

describe("imageSlug", () => {
  it.each([
    ["Il Porto nella Nebbia", "il-porto-nella-nebbia"],
    ["L'ombra del faro!", "lombra-del-faro"],
    ["  Fuoco,   fiamme... e cenere?  ", "fuoco-fiamme-e-cenere"],
    ["Città perduta", "città-perduta"],
    ["Atto - II", "atto-ii"],
    ["", "immagine"],
    ["?!…", "immagine"],
    [null, "immagine"],
  ])("%j → %s", (title, slug) => {
    expect(imageSlug(title)).toBe(slug);
  });

  it("builds the canonical page path and the download name from the id", () => {
    const id = "0f8b1c2e-3d4a-4b5c-8d6e-7f8091a2b3c4";
    expect(imagePath(id, "Città perduta")).toBe(`/galleria/${id}/citt%C3%A0-perduta`);
    expect(imageDownloadName(id)).toBe(`immagine-${id}.png`);
    expect(looksLikeImageId(id)).toBe(true);
    expect(looksLikeImageId("il-porto-nella-nebbia")).toBe(false);
  });
});
