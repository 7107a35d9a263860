/**
 * 'Esporta' (issue 13 "The story as a book", "Tests") over real HTTP on SQLite and, with
 * TEST_DATABASE_URL, PostgreSQL: a story WITH BRANCHES (an abandoned choice, a regenerated
 * narration, a picture on the abandoned branch), scene pictures (PNG and WebP, from media
 * storage), every Italian punctuation case and hostile text. The EPUB passes a structural
 * validation (zip entries, mimetype first and stored, well-formed XHTML, every picture
 * referenced present, the package document listing every file); the PDF opens with pdf.js and
 * holds the title, the choices and the pictures; only the current path appears; another user,
 * a visitor, a forged id and another format are refused.
 */

import { once } from "node:events";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appendMessage } from "../../domain/story/story-tree";
import { DIALECTS, newGame, registerPlayer, startTestServer, TestClient, type TestServer } from "../../testing/harness";
import { type Book, loadBook, loadBookHeader } from "./book.service";
import { epubStream } from "./epub";
import { pdfStream } from "./pdf";
import { readPdf, readZip, type ZipEntryRead } from "./book-testing";
import { NBSP } from "./typography";

type Player = Awaited<ReturnType<typeof registerPlayer>>;

const TITLE = "Il Mistero di Villa Àlbera";

/** The first narration: every Italian punctuation case, markdown, hostile markup, then its choices. */
const OPENING = [
  "# La villa",
  'Il custode sussurrò: "Non entrate... la porta è maledetta." - Perché? - chiesi.',
  "- Fuggite -- disse -- finché siete in tempo!",
  "L'orologio segnava le 3 e il sig. Rossi aveva percorso 10 km: vedi pag. 12, tanto per dire un po'.",
  "**Nessuno** tornò mai. <script>alert('x')</script> & Co.",
  "",
  "1. Apri la porta",
  "2. Scappa nel bosco",
  "3. Chiama aiuto",
].join("\n");

/** A paragraph of long Italian words: the PDF must hyphenate it. */
const LONG_WORDS = "Straordinariamente, incomprensibilmente, inequivocabilmente: la sovrintendenza rinascimentale raccomandava precipitevolissimevolmente l'interdisciplinarità dell'avventura. ".repeat(3).trim();

/** Narrations and pictures that must NOT appear: they are on abandoned branches. */
const ABANDONED = ["RAMO ABBANDONATO del bosco", "PRIMA VERSIONE scartata"];

async function pictureBytes(format: "png" | "webp", color: string): Promise<Buffer> {
  const image = sharp({ create: { width: 64, height: 48, channels: 3, background: color } });
  return format === "png" ? image.png().toBuffer() : image.webp().toBuffer();
}

describe.each(DIALECTS)("book export on %s", (dialect) => {
  let server: TestServer;
  let owner: Player;
  let gameId: string;

  /** Adds a message to the game's tree after `parentId`; returns its id. */
  const add = async (parentId: string | null, role: "user" | "assistant", content: string, imageUrl: string | null = null) =>
    (
      await server.deps.db.transaction().execute((trx) =>
        appendMessage(trx, { game_id: gameId, user_id: owner.id, role, content, image_url: imageUrl, created_at: new Date().toISOString() }, { parentId }),
      )
    ).id;

  /** Stores a picture in media storage and the gallery; returns its /media URL. */
  const storePicture = async (key: string, format: "png" | "webp", color: string, title: string) => {
    const { url } = await server.deps.media.put(key, await pictureBytes(format, color), `image/${format}`);
    await server.deps.db
      .insertInto("generated_images")
      .values({ id: crypto.randomUUID(), user_id: owner.id, image_url: url, prompt: title, created_at: new Date().toISOString(), slug: key.replace(/\W/g, "-"), offline: 1, width: 64, height: 48 })
      .execute();
    return url;
  };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    owner = await registerPlayer(server);
    gameId = await newGame(owner.client, "Giallo");
    await server.deps.db.updateTable("saved_games").set({ title: TITLE }).where("id", "=", gameId).execute();

    const start = await add(null, "user", "/inizia");
    const opening = await add(start, "assistant", OPENING);
    // An abandoned branch: choice C, its narration and a picture.
    const abandonedChoice = await add(opening, "user", "/B");
    const abandoned = await add(abandonedChoice, "assistant", `${ABANDONED[0]}.\n\nA) Uno\nB) Due\nC) Tre`);
    await add(abandoned, "assistant", "Quadro del ramo abbandonato", await storePicture("images/2026/11/ramo.png", "png", "#ff0000", "Quadro del ramo abbandonato"));
    // The current path: choice A, a first version replaced by 'Rigenera', pictures, free text.
    const choice = await add(opening, "user", "/A");
    await add(choice, "assistant", `${ABANDONED[1]}.\n\nA) Uno\nB) Due\nC) Tre`);
    const second = await add(choice, "assistant", "La porta si apre su una cripta «buia».\n\nA) Scendi\nB) Accendi la lanterna\nC) Torna indietro");
    const visualize = await add(second, "user", "/visualizza");
    const crypt = await add(visualize, "assistant", "La cripta sotto la villa", await storePicture("images/2026/11/cripta.png", "png", "#224488", "La cripta sotto la villa"));
    const free = await add(crypt, "user", 'Grido "C\'è qualcuno?" nel buio...');
    const third = await add(free, "assistant", `Una voce risponde dal fondo.\n${LONG_WORDS}\n\nA) Avanza\nB) Aspetta\nC) Scappa`);
    const lantern = await add(third, "user", "/B");
    const last = await add(lantern, "assistant", "Aspetti: la lanterna illumina un ritratto.\n\n1. Guarda il ritratto\n2. Esci\n3. Chiama");
    await add(last, "assistant", "Il ritratto della contessa", await storePicture("images/2026/11/ritratto.webp", "webp", "#448822", "Il ritratto della contessa"));
  });
  afterAll(async () => {
    await server.close();
  });

  describe("loadBook (the current path as prose)", () => {
    let book: Book;
    beforeAll(async () => {
      book = (await loadBook(server.deps.db, gameId, { member: owner.id }))!;
    });

    it("reads only the current path, oldest first: narrations without their choices, the chosen options and free text, pictures at their place", () => {
      expect(book.blocks.map((b) => b.kind)).toEqual(["narration", "choice", "narration", "image", "choice", "narration", "choice", "narration", "image"]);
      expect(book.blocks[1]).toEqual({ kind: "choice", text: "Apri la porta" });
      expect(book.blocks[4]).toEqual({ kind: "choice", text: "Grido «C’è qualcuno?» nel buio…" });
      expect(book.blocks[6]).toEqual({ kind: "choice", text: "Aspetta" });
      expect(book.blocks[3]).toMatchObject({ kind: "image", image: { url: "/media/images/2026/11/cripta.png", mediaKey: "images/2026/11/cripta.png", title: "La cripta sotto la villa", width: 64, height: 48 } });
      const all = JSON.stringify(book.blocks);
      for (const text of [...ABANDONED, "ramo abbandonato", "Scappa nel bosco", "A) ", "Chiama aiuto"]) expect(all).not.toContain(text);
    });

    it("typesets the narration: Italian quotes, dashes, ellipsis, apostrophes, no-break spaces; markdown markers stripped", () => {
      const opening = book.blocks[0]!;
      expect(opening.kind).toBe("narration");
      if (opening.kind !== "narration") return;
      expect(opening.paragraphs).toEqual([
        "La villa",
        "Il custode sussurrò: «Non entrate… la porta è maledetta.» — Perché? — chiesi.",
        "— Fuggite — disse — finché siete in tempo!",
        `L’orologio segnava le 3 e il sig.${NBSP}Rossi aveva percorso 10${NBSP}km: vedi pag.${NBSP}12, tanto per dire un po’.`,
        "Nessuno tornò mai. alert(‘x’) & Co.",
      ]);
    });

    it("has the header: title, genre, dates and the latest scene picture as cover", () => {
      expect(book).toMatchObject({ gameId, title: TITLE, genre: "Giallo", templateId: null });
      expect(book.createdAt).toBeInstanceOf(Date);
      expect(book.cover).toMatchObject({ mediaKey: "images/2026/11/ritratto.webp", title: "Il ritratto della contessa" });
    });

    it("is null for a game that does not exist", async () => {
      expect(await loadBook(server.deps.db, "non-esiste", "public")).toBeNull();
      expect(await loadBook(server.deps.db, "x\0y", "public")).toBeNull();
    });
  });

  describe("EPUB", () => {
    let response: Response;
    let entries: ZipEntryRead[];
    let bytes: Buffer;
    const text = (name: string) => entries.find((e) => e.name === name)!.data.toString("utf8");
    const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", removeNSPrefix: false });

    beforeAll(async () => {
      response = await owner.client.get(`/api/games/${gameId}/export?format=epub`);
      bytes = Buffer.from(await response.arrayBuffer());
      entries = await readZip(bytes);
    });

    it("answers the owner with an attachment named after the title (ASCII slug and RFC 5987 UTF-8)", () => {
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/epub+zip");
      expect(response.headers.get("content-disposition")).toBe(
        "attachment; filename=\"il-mistero-di-villa-albera.epub\"; filename*=UTF-8''Il%20Mistero%20di%20Villa%20%C3%80lbera.epub",
      );
    });

    it("starts with the mimetype entry, stored, without extra field; has the container pointing at the package document", () => {
      expect(entries[0]).toMatchObject({ name: "mimetype", compressionMethod: 0, extraFieldLength: 0 });
      expect(bytes.subarray(30, 58).toString("ascii")).toBe("mimetypeapplication/epub+zip");
      const container = text("META-INF/container.xml");
      expect(XMLValidator.validate(container)).toBe(true);
      expect(parser.parse(container).container.rootfiles.rootfile["@full-path"]).toBe("OEBPS/content.opf");
    });

    it("has a package document with Italian metadata that lists every file, and well-formed XHTML whose pictures all exist", () => {
      const opf = parser.parse(text("OEBPS/content.opf")).package;
      expect(opf.metadata["dc:language"]).toBe("it");
      expect(opf.metadata["dc:title"]).toBe(TITLE);
      const metas = [opf.metadata.meta].flat() as Record<string, string>[];
      expect(metas.find((m) => m["@property"] === "dcterms:modified")?.["#text"]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      const items = [opf.manifest.item].flat() as Record<string, string>[];
      const listed = items.map((i) => `OEBPS/${i["@href"]}`).sort();
      const files = entries.map((e) => e.name).filter((n) => !["mimetype", "META-INF/container.xml", "OEBPS/content.opf"].includes(n));
      expect(listed).toEqual([...files].sort());
      expect(items.find((i) => i["@properties"] === "nav")?.["@href"]).toBe("nav.xhtml");
      const spine = [opf.spine.itemref].flat().map((r: Record<string, string>) => r["@idref"]);
      expect(spine[0]).toBe("cover");
      expect(spine.at(-1)).toBe("colophon");

      for (const entry of entries.filter((e) => e.name.endsWith(".xhtml"))) {
        const xhtml = entry.data.toString("utf8");
        expect(XMLValidator.validate(xhtml), entry.name).toBe(true);
        for (const [, src] of xhtml.matchAll(/<img [^>]*src="([^"]+)"/g)) expect(files, `${entry.name} → ${src}`).toContain(`OEBPS/${src}`);
      }
      // Pictures: an opaque PNG as stored, the WebP re-encoded as JPEG; each declared with its real type.
      const magic = { "image/png": Buffer.from([0x89, 0x50, 0x4e, 0x47]), "image/jpeg": Buffer.from([0xff, 0xd8, 0xff]) } as Record<string, Buffer>;
      const pictures = items.filter((i) => i["@href"]!.startsWith("images/"));
      expect(pictures.map((i) => `${i["@href"]} ${i["@media-type"]}`).sort()).toEqual(["images/cover.jpg image/jpeg", "images/image-0001.png image/png", "images/image-0002.jpg image/jpeg"]);
      for (const picture of pictures) {
        const data = entries.find((e) => e.name === `OEBPS/${picture["@href"]}`)!.data;
        expect(data.subarray(0, magic[picture["@media-type"]!]!.length)).toEqual(magic[picture["@media-type"]!]);
      }
    });

    it("tells the current path as prose: choices in italics, pictures with their titles, typography, escaped text", () => {
      const chapters = entries
        .filter((e) => /^OEBPS\/chapter-\d+\.xhtml$/.test(e.name))
        .map((e) => e.data.toString("utf8"))
        .join("\n");
      expect(chapters).toContain("<p>Il custode sussurrò: «Non entrate… la porta è maledetta.» — Perché? — chiesi.</p>");
      expect(chapters).toContain(`il sig.${NBSP}Rossi aveva percorso 10${NBSP}km`);
      expect(chapters).toContain('<p class="choice"><em>Apri la porta</em></p>');
      expect(chapters).toContain('<p class="choice"><em>Grido «C’è qualcuno?» nel buio…</em></p>');
      expect(chapters).toContain("alert(‘x’) &amp; Co.");
      expect(chapters).not.toContain("<script");
      expect(chapters.match(/<figure>/g)).toHaveLength(2);
      expect(chapters).toMatch(/<figure><img src="images\/image-0001\.png" alt="La cripta sotto la villa"\/><figcaption>La cripta sotto la villa<\/figcaption><\/figure>/);
      for (const abandoned of [...ABANDONED, "Scappa nel bosco", "Quadro del ramo"]) expect(chapters).not.toContain(abandoned);
      expect(chapters.indexOf("Apri la porta")).toBeLessThan(chapters.indexOf("La cripta sotto la villa"));
    });

    it("has a cover page (title, genre, latest scene picture), a navigation document and a colophon with the Italian date", () => {
      const cover = text("OEBPS/cover.xhtml");
      expect(cover).toContain(`<h1>${TITLE}</h1>`);
      expect(cover).toContain("Giallo");
      // The cover is the WebP scene picture, re-encoded as JPEG for every e-reader.
      expect(cover).toContain('src="images/cover.jpg"');
      expect(text("OEBPS/nav.xhtml")).toContain('epub:type="toc"');
      const colophon = text("OEBPS/colophon.xhtml");
      expect(colophon).toContain("Creato con Storie.ai");
      expect(colophon).toMatch(/\d{1,2} (gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre) \d{4}/);
    });
  });

  describe("PDF", () => {
    it("opens with pdf.js and holds the title, the choices in order, the pictures of the current path and the colophon", async () => {
      const response = await owner.client.get(`/api/games/${gameId}/export?format=pdf`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/pdf");
      expect(response.headers.get("content-disposition")).toContain('filename="il-mistero-di-villa-albera.pdf"');
      const bytes = Buffer.from(await response.arrayBuffer());
      if (process.env.BOOK_DUMP) (await import("node:fs")).writeFileSync(process.env.BOOK_DUMP, bytes);
      expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      const pdf = await readPdf(bytes);
      expect(pdf.title).toBe(TITLE);
      expect(pdf.text).toContain(TITLE);
      expect(pdf.text).toContain("Giallo".toUpperCase());
      for (const choice of ["Apri la porta", "Grido «C’è qualcuno?» nel buio…", "Aspetta"]) expect(pdf.text).toContain(choice);
      expect(pdf.text.indexOf("Apri la porta")).toBeLessThan(pdf.text.indexOf("Aspetta"));
      expect(pdf.text).toContain("La cripta sotto la villa");
      expect(pdf.text).toContain("Creato con Storie.ai");
      for (const abandoned of [...ABANDONED, "Scappa nel bosco", "Quadro del ramo"]) expect(pdf.text).not.toContain(abandoned);
      // Hyphenation (Italian patterns): long words broken at a syllable with a hyphen at the line's end.
      expect(pdf.lines.some((line) => /\p{Ll}{2}-$/u.test(line.trim()))).toBe(true);
      expect(pdf.text).toContain("precipitevolissimevolmente l’interdisciplinarità dell’avventura.");
      // The cover (latest scene picture) and the two pictures of the current path.
      expect(pdf.images).toBe(3);
    });
  });

  describe("who may export", () => {
    it("refuses another user's game with 404, a visitor with 401, a forged id with 404 and another format with 400", async () => {
      const stranger = await registerPlayer(server);
      for (const format of ["epub", "pdf"]) {
        const theirs = await stranger.client.json("GET", `/api/games/${gameId}/export?format=${format}`);
        expect(theirs).toEqual({ status: 404, body: { error: expect.objectContaining({ code: "GAME_NOT_FOUND", message: "Partita non trovata o non autorizzata." }) } });
        const visitor = await new TestClient(server.url).json("GET", `/api/games/${gameId}/export?format=${format}`);
        expect(visitor.status).toBe(401);
      }
      for (const forged of ["x%00y", "a".repeat(5000), "' or 1=1 --"]) {
        expect((await owner.client.json("GET", `/api/games/${forged}/export?format=epub`)).status).toBe(404);
      }
      const wrong = await owner.client.json("GET", `/api/games/${gameId}/export?format=docx`);
      expect(wrong).toEqual({ status: 400, body: { error: expect.objectContaining({ message: "Formato non valido: scegli EPUB o PDF." }) } });
      expect((await owner.client.json("GET", `/api/games/${gameId}/export`)).status).toBe(400);
    });

    it("writes no further than its reader takes: a paused download holds the export back, a cancelled one ends it", async () => {
      // 20 turns, each with a 1000 px noise JPEG of ~0.5 MB (stored as it is): ~10 MB of pictures.
      const big = await newGame(owner.client, "Horror");
      const noise = await sharp({ create: { width: 1000, height: 700, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 60 } } })
        .jpeg({ quality: 90 })
        .toBuffer();
      let parent: string | null = null;
      for (let turn = 0; turn < 20; turn++) {
        const { url } = await server.deps.media.put(`images/2026/11/rumore-${turn}.jpg`, noise, "image/jpeg");
        for (const [role, content, imageUrl] of [["user", "/A", null], ["assistant", `Turno ${turn}.\n\nA) Uno\nB) Due\nC) Tre`, null], ["assistant", `Scena ${turn}`, url]] as const) {
          parent = (
            await server.deps.db.transaction().execute((trx) =>
              appendMessage(trx, { game_id: big, user_id: owner.id, role, content, image_url: imageUrl, created_at: new Date().toISOString() }, { parentId: parent }),
            )
          ).id;
        }
      }
      const header = (await loadBookHeader(server.deps.db, big, { member: owner.id }))!;
      for (const write of [epubStream, pdfStream]) {
        let reads = 0;
        const media = { ...server.deps.media, get: (key: string) => (reads++, server.deps.media.get(key)) };
        const paused = write(server.deps.db, media, header);
        await once(paused, "readable");
        paused.read();
        await new Promise((resolve) => setTimeout(resolve, 600));
        // The cover and at most two chapters of 8 pictures (one laid out, the next one ahead): not all 20.
        expect(reads, write.name).toBeLessThanOrEqual(17);
        const chunks: Buffer[] = [];
        for await (const chunk of paused) chunks.push(chunk as Buffer);
        expect(reads, write.name).toBe(21);

        reads = 0;
        const cancelled = write(server.deps.db, media, header);
        await once(cancelled, "readable");
        cancelled.destroy();
        await new Promise((resolve) => setTimeout(resolve, 600));
        expect(reads, write.name).toBeLessThanOrEqual(17);
      }
    });

    it("exports an empty new game as a book with its cover and colophon only", async () => {
      const empty = await newGame(owner.client, "Fantasy");
      const epub = await readZip(Buffer.from(await (await owner.client.get(`/api/games/${empty}/export?format=epub`)).arrayBuffer()));
      expect(epub.map((e) => e.name).filter((n) => n.includes("chapter"))).toEqual([]);
      const pdf = await readPdf(Buffer.from(await (await owner.client.get(`/api/games/${empty}/export?format=pdf`)).arrayBuffer()));
      expect(pdf.text).toContain("Creato con Storie.ai");
      expect(pdf.images).toBe(0);
    });
  });
});
