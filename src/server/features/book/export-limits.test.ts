/**
 * Bounds on book exports over real HTTP, SQLite and PostgreSQL (issue 19 finding 6; ADR 0018):
 * one export per player at a time (429 EXPORT_BUSY in Italian), at most EXPORTS_AT_ONCE on the
 * server (503 EXPORTS_FULL), a slot freed when the download ends or is cancelled, and
 * /api/health answering while a long story's PDF is being laid out in its worker thread: pdfkit
 * is unusable on this (the server's) thread here, so every PDF below was laid out off it.
 * Exports are held open by holding the media storage's read of the cover picture: no timing.
 */

import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { MediaStorage } from "../../platform/media";
import { appendMessage } from "../../domain/story/story-tree";
import { DIALECTS, newGame, registerPlayer, startTestServer, TestClient, type TestServer } from "../../testing/harness";
import { readPdf } from "./book-testing";
import { EXPORTS_AT_ONCE } from "./export-slots";

// The layout worker loads the real pdfkit in its own thread; on the server's thread it throws.
vi.mock("pdfkit", () => ({
  default: class {
    constructor() {
      throw new Error("pdfkit sul thread principale: l'impaginazione deve stare nel worker");
    }
  },
}));

type Player = Awaited<ReturnType<typeof registerPlayer>>;

describe.each(DIALECTS)("export bounds on %s", (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server.close();
  });

  /** A game of `turns` turns ('/A' and a narration of `words` words each) whose cover is a stored scene picture. Output: the export's path. */
  async function story(player: Player, turns = 1, words = 20): Promise<string> {
    const gameId = await newGame(player.client, "Giallo");
    const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#335577" } }).png().toBuffer();
    const { url } = await server.deps.media.put(`images/2026/11/copertina-${gameId}.png`, picture, "image/png");
    let parentId: string | null = null;
    const messages: [string, string, string | null][] = [["assistant", "La copertina", url]];
    for (let turn = 0; turn < turns; turn++) messages.push(["user", "/A", null], ["assistant", `Turno ${turn}. ${"Il maggiordomo tace e guarda la porta. ".repeat(words / 7)}\n\nA) Apri\nB) Aspetta\nC) Fuggi`, null]);
    for (const [role, content, imageUrl] of messages) {
      parentId = (
        await server.deps.db.transaction().execute((trx) =>
          appendMessage(trx, { game_id: gameId, user_id: player.id, role: role as "user" | "assistant", content, image_url: imageUrl, created_at: new Date().toISOString() }, { parentId }),
        )
      ).id;
    }
    return `/api/games/${gameId}/export?format=pdf`;
  }

  /** Holds every read of media storage until release() (the exports wait on their cover picture meanwhile). */
  function holdMedia(): { release: () => void } {
    const media: MediaStorage = server.deps.media;
    const read = media.get.bind(media);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    media.get = async (key) => {
      await held;
      return read(key);
    };
    return {
      release: () => {
        media.get = read;
        release();
      },
    };
  }

  /** The whole answer of an export, checked to be a PDF. */
  async function pdfOf(response: Response) {
    expect(response.status).toBe(200);
    return readPdf(Buffer.from(await response.arrayBuffer()));
  }

  it("runs one export per player at a time: a second one answers 429 in Italian until the first ends or is cancelled", async () => {
    const player = await registerPlayer(server);
    const path = await story(player);
    const media = holdMedia();
    const first = await player.client.get(path);
    expect(first.status).toBe(200);
    for (const format of ["pdf", "epub"]) {
      const second = await player.client.json("GET", path.replace("pdf", format));
      expect(second).toEqual({
        status: 429,
        body: { error: { code: "EXPORT_BUSY", title: "Esportazione in corso", message: "Stai già esportando una storia: attendi che il download finisca, poi riprova." } },
      });
    }
    // Another player is not held back by this one.
    const other = await registerPlayer(server);
    const otherExport = await other.client.get(await story(other));
    media.release();
    expect((await pdfOf(first)).text).toContain("Creato con Storie.ai");
    expect((await pdfOf(otherExport)).text).toContain("Turno 0.");

    // Finished: the next export is accepted. Cancelled: the slot is freed too.
    const cancelled = await player.client.get(path);
    expect(cancelled.status).toBe(200);
    await cancelled.body!.cancel();
    await expect
      .poll(async () => {
        const next = await player.client.get(path);
        const status = next.status;
        await next.arrayBuffer();
        return status;
      })
      .toBe(200);
  });

  it(`runs at most ${EXPORTS_AT_ONCE} exports on the server: the next player's answers 503 in Italian until one ends`, async () => {
    const players = await Promise.all(Array.from({ length: EXPORTS_AT_ONCE + 1 }, () => registerPlayer(server)));
    const paths = await Promise.all(players.map((p) => story(p)));
    const media = holdMedia();
    const running = [];
    for (let i = 0; i < EXPORTS_AT_ONCE; i++) running.push(await players[i]!.client.get(paths[i]!));
    expect(running.map((r) => r.status)).toEqual(Array(EXPORTS_AT_ONCE).fill(200));
    const last = players.at(-1)!;
    expect(await last.client.json("GET", paths.at(-1)!)).toEqual({
      status: 503,
      body: { error: { code: "EXPORTS_FULL", title: "Esportazioni sospese", message: "In questo momento ci sono troppe esportazioni in corso. Riprova tra qualche minuto." } },
    });
    media.release();
    for (const response of running) await pdfOf(response);
    expect((await pdfOf(await last.client.get(paths.at(-1)!))).text).toContain("Turno 0.");
  });

  it("answers /api/health while a long story's PDF is laid out, and the PDF completes", async () => {
    const player = await registerPlayer(server);
    const path = await story(player, 60, 200);
    const response = await player.client.get(path);
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const chunks: Uint8Array[] = [(await reader.read()).value!];
    // The export has started and is not finished (its reader is paused): the server answers meanwhile.
    for (let i = 0; i < 5; i++) expect((await new TestClient(server.url).get("/api/health")).status).toBe(200);
    for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
    const pdf = await readPdf(Buffer.concat(chunks));
    expect(pdf.pages).toBeGreaterThan(20);
    expect(pdf.text).toContain("Turno 59.");
  });
});
