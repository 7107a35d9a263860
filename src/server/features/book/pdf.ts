/**
 * The story as a PDF book (issue 13 "The story as a book"), streamed. The main thread reads the
 * book chapter by chapter (database, pictures re-encoded by sharp off the loop) and hands each
 * chapter to a worker thread that lays it out with pdfkit (pdf-worker.ts, pdf-layout.ts), so
 * the layout's CPU never holds the server's event loop (issue 19 finding 6). Pages leave as soon
 * as they are full; the exporter waits for its reader and for the worker before each chapter
 * (bounded memory: at most two chapters' pictures are held).
 */

import { PassThrough, type Readable } from "node:stream";
import { Worker } from "node:worker_threads";
import type { Kysely } from "kysely";
import type { Database } from "../../platform/db/schema";
import type { MediaStorage } from "../../platform/media";
import type { BookHeader } from "./book.service";
import { bookPicture, ReaderGone, readyChapters } from "./export-support";
import type { LayoutReply, LayoutRequest } from "./pdf-worker";

/**
 * A new layout worker for one book. The built server runs dist-server/pdf-worker.js (an entry
 * of build:server); from the sources (tsx, vitest) the worker registers tsx's loader (its
 * documented API, tsx/esm/api) and then imports pdf-worker.ts.
 */
function layoutWorker(header: BookHeader, now: Date): Worker {
  const workerData = { header, now };
  if (!import.meta.url.endsWith(".ts")) return new Worker(new URL("./pdf-worker.js", import.meta.url), { workerData });
  const source = JSON.stringify(new URL("./pdf-worker.ts", import.meta.url).href);
  return new Worker(`import("tsx/esm/api").then(({ register }) => { register(); return import(${source}); });`, { eval: true, workerData });
}

/**
 * Streams the game's book as a PDF. The header comes from loadBookHeader (the caller
 * authorised); the body is read chapter by chapter while the worker writes pages. Input:
 * database, media storage, header, and `now` (the colophon's date and the document's creation
 * date). Output: the .pdf bytes as a stream; a storage, database or layout failure destroys it
 * with the error; destroying it (a cancelled download) stops the worker.
 */
export function pdfStream(db: Kysely<Database>, media: MediaStorage, header: BookHeader, now: Date = new Date()): Readable {
  const output = new PassThrough();
  const worker = layoutWorker(header, now);
  let waiting: { resolve: () => void; reject: (error: Error) => void } | null = null;
  const settle = (error?: Error) => {
    const current = waiting;
    waiting = null;
    if (error) current?.reject(error);
    else current?.resolve();
  };
  /** Sends one request to the worker; resolves once it is laid out. */
  const layout = (request: LayoutRequest) =>
    new Promise<void>((resolve, reject) => {
      waiting = { resolve, reject };
      worker.postMessage(request);
    });

  worker.on("message", (reply: LayoutReply) => {
    if (reply.type === "data") {
      if (!output.destroyed) output.write(reply.chunk);
    } else if (reply.type === "ready") settle();
    else output.end();
  });
  worker.on("error", (error) => {
    settle(error);
    output.destroy(error);
  });
  worker.on("exit", () => settle(new ReaderGone()));
  output.on("close", () => void worker.terminate());

  const write = async () => {
    await layout({ type: "cover", picture: header.cover ? await bookPicture(media, header.cover, "pdf") : null });
    let number = 0;
    for await (const { blocks, pictures } of readyChapters(db, media, header, "pdf", output)) {
      await layout({ type: "chapter", number: ++number, blocks, pictures: [...pictures] });
    }
    await layout({ type: "colophon" });
  };
  write().catch((error: unknown) => {
    if (!(error instanceof ReaderGone)) output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return output;
}
