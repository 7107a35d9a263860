/**
 * Character cards inside PNG files (issue 40 §3). A card PNG carries its card as base64 JSON in a
 * `tEXt` chunk: `ccv3` for V3 (github.com/kwaroran/character-card-spec-v3, "Embedding Methods")
 * and `chara` for V2 (github.com/malfoyslastname/character-card-spec-v2; SillyTavern writes both).
 * The chunks are read and written with png-chunks-extract, png-chunk-text and png-chunks-encode.
 */

import { deflateSync } from "node:zlib";
import encodeChunks from "png-chunks-encode";
import extractChunks from "png-chunks-extract";
import { decode as decodeText, encode as encodeText } from "png-chunk-text";

const PNG_SIGNATURE = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const CARD_KEYWORDS = new Set(["ccv3", "chara"]);

/** True when the bytes start with the PNG signature. */
export function isPng(bytes: Uint8Array): boolean {
  return bytes.length >= PNG_SIGNATURE.length && PNG_SIGNATURE.every((b, i) => bytes[i] === b);
}

/**
 * The card text inside a PNG. Input: the file's bytes (a PNG). Output: the decoded JSON text of
 * the `ccv3` chunk, else of the `chara` chunk (base64 → UTF-8); null when the PNG has neither.
 * Throws when the PNG's chunks cannot be read (a damaged file).
 */
export function cardTextOfPng(bytes: Uint8Array): string | null {
  const texts = new Map<string, string>();
  for (const chunk of extractChunks(bytes)) {
    if (chunk.name !== "tEXt") continue;
    const { keyword, text } = decodeText(chunk.data);
    if (CARD_KEYWORDS.has(keyword.toLowerCase()) && !texts.has(keyword.toLowerCase())) texts.set(keyword.toLowerCase(), text);
  }
  const base64 = texts.get("ccv3") ?? texts.get("chara");
  return base64 === undefined ? null : Buffer.from(base64, "base64").toString("utf8");
}

/**
 * A PNG carrying the cards (issue 40 §3 export). Input: a PNG's bytes (the cover) and the two
 * cards' JSON texts. Output: the same image with any old card chunks removed and `ccv3` (the V3
 * card) and `chara` (its V2 copy) added before IEND, both base64 of UTF-8 JSON.
 */
export function pngWithCard(png: Uint8Array, v3Json: string, v2Json: string): Buffer {
  const chunks = extractChunks(png).filter((chunk) => chunk.name !== "tEXt" || !CARD_KEYWORDS.has(decodeText(chunk.data).keyword.toLowerCase()));
  const end = chunks.findIndex((chunk) => chunk.name === "IEND");
  const cards = [encodeText("ccv3", Buffer.from(v3Json, "utf8").toString("base64")), encodeText("chara", Buffer.from(v2Json, "utf8").toString("base64"))];
  chunks.splice(end < 0 ? chunks.length : end, 0, ...cards);
  return Buffer.from(encodeChunks(chunks));
}

/**
 * A plain PNG for a scenario without a cover: `width` × `height` pixels of one RGB colour
 * (the site's dark background). Output: the PNG's bytes.
 */
export function plainPng(width = 400, height = 600, rgb: [number, number, number] = [24, 24, 32]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, deflate, no filter method, no interlace
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.from(
    encodeChunks([
      { name: "IHDR", data: header },
      { name: "IDAT", data: pixels },
      { name: "IEND", data: new Uint8Array(0) },
    ]),
  );
}
