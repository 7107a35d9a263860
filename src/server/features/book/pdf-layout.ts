/**
 * The layout of the PDF book (issue 13 "The story as a book"), with pdfkit: A5 pages, the
 * Literata typeface bundled from npm (@expo-google-fonts/literata, OFL), a cover page (title,
 * genre, cover or latest scene image), the prose justified and hyphenated with the Italian
 * patterns of `hyphen` (soft hyphens pdfkit breaks at), the player's choices in italics, the
 * scene pictures at their place with their titles, a bookmark per chapter, and a colophon.
 * Pure CPU work on what it is given (no database, no storage): it runs in the layout worker
 * (pdf-worker.ts, issue 19 finding 6), so the server's event loop stays free meanwhile.
 */

import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import { italianDay } from "../../../shared/italian-date";
import type { BookBlock, BookHeader } from "./book.service";
import { COLOPHON_TEXT } from "./colophon";
import type { BookPicture } from "./export-support";

const requireHere = createRequire(import.meta.url);
// hyphen ships CommonJS without an exports map: loaded by path so Node's ESM loader finds it.
const { hyphenateSync } = requireHere("hyphen/it") as typeof import("hyphen/it");

const FONT_DIR = "@expo-google-fonts/literata";
const FONTS = {
  regular: requireHere.resolve(`${FONT_DIR}/400Regular/Literata_400Regular.ttf`),
  italic: requireHere.resolve(`${FONT_DIR}/400Regular_Italic/Literata_400Regular_Italic.ttf`),
  bold: requireHere.resolve(`${FONT_DIR}/600SemiBold/Literata_600SemiBold.ttf`),
};

/** Points (1/72 in). */
const MARGIN = { top: 60, bottom: 60, left: 54, right: 54 };
const BODY_SIZE = 10.5;
const LINE_GAP = 2.5;
const CAPTION_SIZE = 8.5;
/** Tallest picture, as a share of the text block's height. */
const PICTURE_MAX_HEIGHT = 0.62;

/** Soft hyphens at the Italian break points of every word (pdfkit breaks lines there). */
function hyphenated(text: string): string {
  return hyphenateSync(text, { hyphenChar: "\u00AD", minWordLength: 6 });
}

/** pdfkit's private method that draws one laid-out line (checked at start-up: see dropSoftHyphensWhenDrawn). */
type LineDrawer = { _fragment?: (text: string, x: number, y: number, options: object) => unknown };

/**
 * pdfkit breaks lines at soft hyphens (drawing "-" at a line's end) but draws the other soft
 * hyphens of a line as glyphs, which PDF readers then copy and read aloud as spaces ("cu sto de").
 * This wraps its line drawing so the text drawn has none: what readers copy is the words.
 * Throws when a pdfkit upgrade renamed the method (the export tests fail at once).
 */
function dropSoftHyphensWhenDrawn(doc: PDFKit.PDFDocument): void {
  const drawer = doc as unknown as LineDrawer;
  const draw = drawer._fragment;
  if (typeof draw !== "function") throw new Error("pdfkit: _fragment non trovato, impossibile togliere i trattini morbidi");
  drawer._fragment = (text, x, y, options) => draw.call(doc, String(text).replaceAll("\u00AD", ""), x, y, options);
}

/** A PDF book being laid out: its document (a stream of the .pdf bytes) and its parts, in order. */
export interface PdfBook {
  doc: PDFKit.PDFDocument;
  /** The cover page, with the cover picture when there is one. */
  coverPage(cover: BookPicture | null): void;
  /** Chapter `number` (from 1): its blocks and its pictures ready by media key. */
  chapter(number: number, blocks: BookBlock[], pictures: ReadonlyMap<string, BookPicture>): void;
  /** The colophon page; ends the document. */
  colophon(): void;
}

/**
 * Starts the PDF book of `header` (from loadBookHeader). Input: the header and `now` (the
 * colophon's date and the document's creation date). Output: {@link PdfBook}; the caller reads
 * `doc` and calls coverPage, chapter for each chapter, then colophon.
 */
export function pdfBook(header: BookHeader, now: Date): PdfBook {
  const doc = new PDFDocument({
    size: "A5",
    margins: MARGIN,
    autoFirstPage: false,
    lang: "it-IT",
    displayTitle: true,
    info: { Title: header.title, Author: "Storie.ai", Creator: "Storie.ai", Subject: header.genre, CreationDate: now, ModDate: now },
  });
  dropSoftHyphensWhenDrawn(doc);
  doc.registerFont("Book", FONTS.regular);
  doc.registerFont("Book-Italic", FONTS.italic);
  doc.registerFont("Book-Bold", FONTS.bold);

  const width = () => doc.page.width - MARGIN.left - MARGIN.right;
  const bottom = () => doc.page.height - MARGIN.bottom;

  /** A picture scaled to the text width (never enlarged past 150 dpi), with its title under it. */
  const picture = (image: BookPicture, title: string, maxHeight: number) => {
    const scale = Math.min(width() / image.width, maxHeight / image.height, 72 / 150);
    const w = image.width * scale;
    const h = image.height * scale;
    doc.font("Book-Italic").fontSize(CAPTION_SIZE);
    const captionHeight = title ? doc.heightOfString(title, { width: width(), align: "center" }) + 6 : 0;
    if (doc.y + h + captionHeight > bottom()) doc.addPage();
    const top = doc.y + 4;
    doc.image(image.bytes, MARGIN.left + (width() - w) / 2, top, { width: w, height: h });
    doc.y = top + h + 6;
    if (title) doc.text(title, MARGIN.left, doc.y, { width: width(), align: "center" });
    doc.moveDown(0.8);
    doc.font("Book").fontSize(BODY_SIZE);
  };

  const coverPage = (cover: BookPicture | null) => {
    doc.addPage();
    doc.font("Book-Bold").fontSize(24).text(header.title, MARGIN.left, MARGIN.top + 40, { width: width(), align: "center" });
    doc.moveDown(0.5);
    doc.font("Book").fontSize(11).fillColor("#555555").text(header.genre.toUpperCase(), { width: width(), align: "center"});
    doc.fillColor("#000000").moveDown(2);
    if (cover) picture(cover, "", bottom() - doc.y - 10);
  };

  const chapter = (number: number, blocks: BookBlock[], pictures: ReadonlyMap<string, BookPicture>) => {
    doc.addPage();
    doc.outline.addItem(`Capitolo ${number}`);
    doc.font("Book").fontSize(15).text(`Capitolo ${number}`, MARGIN.left, MARGIN.top + 20, { width: width(), align: "center" });
    doc.moveDown(1.5);
    doc.font("Book").fontSize(BODY_SIZE);
    const maxHeight = (bottom() - MARGIN.top) * PICTURE_MAX_HEIGHT;
    for (const block of blocks) {
      if (block.kind === "narration") {
        doc.font("Book");
        for (const paragraph of block.paragraphs) doc.text(hyphenated(paragraph), MARGIN.left, doc.y, { width: width(), align: "justify", indent: 14, lineGap: LINE_GAP });
      } else if (block.kind === "choice") {
        doc.moveDown(0.5);
        doc.font("Book-Italic").text(hyphenated(block.text), MARGIN.left, doc.y, { width: width(), align: "left", indent: 0, lineGap: LINE_GAP });
        doc.moveDown(0.5);
        doc.font("Book");
      } else {
        const image = block.image.mediaKey ? pictures.get(block.image.mediaKey) : undefined;
        if (image) {
          doc.moveDown(0.5);
          picture(image, block.image.title, maxHeight);
        }
      }
    }
  };

  const colophon = () => {
    doc.addPage();
    doc.font("Book").fontSize(10).text(COLOPHON_TEXT, MARGIN.left, doc.page.height / 2 - 20, { width: width(), align: "center" });
    doc.moveDown(0.4).text(italianDay(now), { width: width(), align: "center" });
    doc.end();
  };

  return { doc, coverPage, chapter, colophon };
}
