/**
 * The PDF layout worker (issue 19 finding 6: a PDF export must not hold the event loop): a
 * worker_threads entry that lays out one book with pdf-layout.ts while the main thread reads the
 * database and the pictures. Started by pdfStream (pdf.ts) with workerData {header, now}.
 * Messages in: {type: "cover", picture}, {type: "chapter", number, blocks, pictures: [key, picture][]},
 * {type: "colophon"}. Messages out: {type: "data", chunk} (the .pdf bytes, in order, in batches),
 * {type: "ready"} after each message in is laid out, {type: "end"} once the document is complete.
 * Pictures arrive as Uint8Array (structured clone) and are given to pdfkit as Buffers.
 */

import { parentPort, workerData } from "node:worker_threads";
import type { BookBlock, BookHeader } from "./book.service";
import type { BookPicture } from "./export-support";
import { pdfBook } from "./pdf-layout";

/** What the main thread sends. */
export type LayoutRequest =
  | { type: "cover"; picture: BookPicture | null }
  | { type: "chapter"; number: number; blocks: BookBlock[]; pictures: [string, BookPicture][] }
  | { type: "colophon" };

/** What the worker answers. */
export type LayoutReply = { type: "data"; chunk: Uint8Array } | { type: "ready" } | { type: "end" };

/** A picture after a structured clone: its bytes as a Buffer again (pdfkit takes Buffers only). */
function asBuffer(picture: BookPicture): BookPicture {
  return { ...picture, bytes: Buffer.from(picture.bytes.buffer, picture.bytes.byteOffset, picture.bytes.byteLength) };
}

const port = parentPort!;
const { header, now } = workerData as { header: BookHeader; now: Date };
const book = pdfBook(header, now);
const post = (reply: LayoutReply) => port.postMessage(reply);

/** pdfkit writes many small pieces: they leave in batches of BATCH_BYTES, so the main thread handles few messages. */
const BATCH_BYTES = 64 * 1024;
let batch: Uint8Array[] = [];
let batched = 0;
const flush = () => {
  if (batched === 0) return;
  post({ type: "data", chunk: Buffer.concat(batch, batched) });
  batch = [];
  batched = 0;
};
book.doc.on("data", (chunk: Uint8Array) => {
  batch.push(chunk);
  batched += chunk.byteLength;
  if (batched >= BATCH_BYTES) flush();
});
book.doc.on("end", () => {
  flush();
  post({ type: "end" });
});

port.on("message", (request: LayoutRequest) => {
  if (request.type === "cover") book.coverPage(request.picture && asBuffer(request.picture));
  else if (request.type === "chapter") book.chapter(request.number, request.blocks, new Map(request.pictures.map(([key, picture]) => [key, asBuffer(picture)])));
  else book.colophon();
  flush();
  post({ type: "ready" });
});
