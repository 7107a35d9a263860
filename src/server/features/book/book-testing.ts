/**
 * Test support for the book (issue 13): reading an EPUB back (zip entries with their compression
 * and raw local headers) and a PDF (text and picture count, with pdf.js), so the export tests
 * check the files a reader would open. Test-only: imported by *.test.ts and bench/export.ts.
 */

import { getDocument, OPS } from "pdfjs-dist/legacy/build/pdf.mjs";
import yauzl from "yauzl";

/** One zip entry as read back. */
export interface ZipEntryRead {
  name: string;
  /** 0 = stored, 8 = deflated. */
  compressionMethod: number;
  /** Length of the local header's extra field. */
  extraFieldLength: number;
  data: Buffer;
}

/** Every entry of a zip, in archive order, with its data. Rejects a malformed zip. */
export function readZip(bytes: Buffer): Promise<ZipEntryRead[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error("zip illeggibile"));
      const entries: ZipEntryRead[] = [];
      zip.on("error", reject);
      zip.on("end", () => resolve(entries));
      zip.on("entry", (entry: yauzl.Entry) => {
        const extraFieldLength = bytes.readUInt16LE(entry.relativeOffsetOfLocalHeader + 28);
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error("voce illeggibile"));
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("error", reject);
          stream.on("end", () => {
            entries.push({ name: entry.fileName, compressionMethod: entry.compressionMethod, extraFieldLength, data: Buffer.concat(chunks) });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** What a PDF holds, as pdf.js reads it. */
export interface PdfRead {
  pages: number;
  /** Every line as drawn (a word broken at a line's end keeps its hyphen). */
  lines: string[];
  /** The text of every page, lines joined with spaces, words broken by a hyphen at a line end joined again. */
  text: string;
  /** Pictures painted, over all pages. */
  images: number;
  title: string | undefined;
}

/** Opens a PDF with pdf.js (legacy build, no worker) and reads its text and pictures. */
export async function readPdf(bytes: Buffer): Promise<PdfRead> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  let text = "";
  let images = 0;
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const content = await page.getTextContent();
    for (const item of content.items) if ("str" in item) text += item.str + (item.hasEOL ? "\n" : "");
    text += "\n";
    const operators = await page.getOperatorList();
    images += operators.fnArray.filter((fn) => fn === OPS.paintImageXObject || fn === OPS.paintInlineImageXObject).length;
  }
  const metadata = await pdf.getMetadata();
  await pdf.destroy();
  const joined = text
    .replace(/\u00AD/g, "")
    .replace(/-\n/g, "")
    .replace(/\s+/g, " ");
  return { pages: pdf.numPages, lines: text.split("\n"), text: joined, images, title: (metadata.info as { Title?: string }).Title };
}
