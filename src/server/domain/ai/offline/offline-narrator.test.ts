import { describe, expect, it } from "vitest";
import { extractChoices, formatChoices } from "../../../../shared/choices";
import type { PlayerAction } from "../../../../shared/commands";
import { GENRES, type GenreName } from "../../../../shared/genres";
import { keepsChoiceContract, withChoices } from "../choice-contract";
import type { ChatTurn, NarrationRequest, StoryPhase } from "../types";
import { castFor } from "./cast";
import { CORPORA } from "./corpus";
import { CLIMAX_CHOICES, ENDING_CHOICES } from "./corpus";
import { composeNarration, createOfflineNarrator, splitIntoChunks } from "./offline-narrator";
import { renderTemplate, type Cast } from "./template";

const narrator = createOfflineNarrator({ wordDelayMs: 0 });

function request(overrides: Partial<NarrationRequest> & { genre: GenreName }): NarrationRequest {
  return {
    gameId: "game-1",
    turn: 0,
    action: { kind: "start" },
    phase: "opening",
    system: "",
    messages: [{ role: "user", content: "/inizia" }],
    temperature: 0.9,
    maxTokens: 1024,
    signal: new AbortController().signal,
    ...overrides,
  };
}

async function collect(req: NarrationRequest): Promise<string[]> {
  const chunks: string[] = [];
  for await (const chunk of narrator.stream(req)) chunks.push(chunk);
  return chunks;
}

async function narrate(req: NarrationRequest): Promise<string> {
  return (await collect(req)).join("");
}

const COMMON_ITALIAN = ["il", "la", "di", "che", "e", "un", "una", "non", "per", "con", "ti", "è", "del", "della", "si", "le"];

function italianScore(text: string): number {
  const words = new Set(text.toLowerCase().split(/[^a-zàèéìòù']+/u));
  return COMMON_ITALIAN.filter((w) => words.has(w)).length;
}

function narrationPart(text: string): string {
  return text.split(/\n\n(?=1\. )/)[0]!;
}

/** Plays turns 0..n of one game, choosing options in rotation; returns the texts. */
async function playGame(genre: GenreName, gameId: string, turns: number, phase: StoryPhase = "middle") {
  const history: ChatTurn[] = [];
  const texts: string[] = [];
  const pieces: string[][] = [];
  const letters = ["A", "B", "C"] as const;
  for (let turn = 0; turn <= turns; turn++) {
    const action: PlayerAction = turn === 0 ? { kind: "start" } : { kind: "choice", letter: letters[turn % 3]! };
    const userText = turn === 0 ? "/inizia" : `/${letters[turn % 3]}`;
    const messages = [...history, { role: "user" as const, content: userText }];
    const req = request({ genre, gameId, turn, action, phase: turn === 0 ? "opening" : phase, messages });
    const text = await narrate(req);
    texts.push(text);
    pieces.push(composeNarration(req).pieces);
    history.push({ role: "user", content: userText }, { role: "assistant", content: text });
  }
  return { texts, pieces };
}

describe("offline narrator", () => {
  it("is labelled offline", () => {
    expect(narrator.label).toBe("offline");
  });

  describe.each(GENRES.map((g) => [g]))("%s", (genre) => {
    it("opens the story in Italian with exactly three choices at the end", async () => {
      const text = await narrate(request({ genre }));
      expect(italianScore(text)).toBeGreaterThanOrEqual(6);
      expect(text.match(/^[123]\. /gm)).toHaveLength(3);
      expect(text.match(/^\d+[.)] /gm)).toHaveLength(3);
      const choices = extractChoices(formatChoices(text));
      expect(Object.keys(choices).sort()).toEqual(["A", "B", "C"]);
      const lines = text.trimEnd().split("\n");
      expect(lines.slice(-3).map((l) => l.slice(0, 3))).toEqual(["1. ", "2. ", "3. "]);
      expect(text).not.toMatch(/[<>{}]/);
      const words = narrationPart(text).split(/\s+/).filter(Boolean).length;
      expect(words).toBeGreaterThanOrEqual(70);
      expect(words).toBeLessThanOrEqual(200);
      const paragraphs = narrationPart(text).split("\n\n");
      expect(paragraphs.length).toBeGreaterThanOrEqual(2);
      expect(paragraphs.length).toBeLessThanOrEqual(4);
      // the opening introduces the named companion
      expect(text).toContain(castFor("game-1", genre).companion.name);
    });

    it("is deterministic for the same request", async () => {
      const req = request({ genre, gameId: "same", turn: 4, action: { kind: "free", text: "Guardo fuori dalla finestra" }, phase: "middle" });
      expect(await narrate(req)).toBe(await narrate({ ...req, signal: new AbortController().signal }));
    });

    it("writes a different version of the same turn for each variant ('Rigenera')", async () => {
      const req = request({ genre, gameId: "versioni", turn: 3, action: { kind: "free", text: "Apro la porta" }, phase: "middle" });
      const versions = await Promise.all([0, 1, 2].map((variant) => narrate({ ...req, variant })));
      expect(new Set(versions.map(narrationPart)).size).toBe(3);
      expect(versions[0]).toBe(await narrate(req));
    });

    it("has a corpus of at least 30 fragments and 12 choice templates that all render", () => {
      const corpus = CORPORA[genre];
      const scenes = Object.values(corpus.fragments).flat();
      expect(scenes.length).toBeGreaterThanOrEqual(30);
      expect(corpus.choices.length).toBeGreaterThanOrEqual(12);
      expect(new Set(scenes).size).toBe(scenes.length);
      expect(corpus.openings.length).toBeGreaterThanOrEqual(4);
      expect(corpus.climaxes.length).toBeGreaterThanOrEqual(2);
      expect(corpus.endings.length).toBeGreaterThanOrEqual(2);
      expect(corpus.outcomes.length).toBeGreaterThanOrEqual(4);
      for (const companion of corpus.companions) {
        for (const antagonist of corpus.antagonists) {
          const cast: Cast = {
            companion,
            antagonist,
            places: [corpus.places[0]!, corpus.places[1]!, corpus.places[2]!],
            object: corpus.objects[0]!.name,
            objectGender: corpus.objects[0]!.gender,
          };
          const all = [...corpus.openings, ...scenes, ...corpus.climaxes, ...corpus.endings, ...corpus.choices, ...corpus.outcomes];
          for (const template of [...all, ...CLIMAX_CHOICES, ...ENDING_CHOICES]) {
            expect(renderTemplate(template, cast)).not.toMatch(/[{}]/);
          }
        }
      }
      for (const outcome of corpus.outcomes) expect(outcome).toContain("{compagno}");
      for (const opening of corpus.openings) expect(opening).toContain("{compagno}");
    });
  });

  it("never repeats a scene fragment in consecutive turns (turns 0..20)", async () => {
    for (const genre of ["Fantasy", "Cyberpunk", "Commedia"] as const) {
      const { texts, pieces } = await playGame(genre, `long-${genre}`, 20);
      for (let t = 0; t < texts.length - 1; t++) {
        expect(texts[t]).not.toBe(texts[t + 1]);
        const scenes = (p: string[]) => p.filter((id) => !id.startsWith("choice") && !id.startsWith("outcome"));
        const shared = scenes(pieces[t]!).filter((id) => scenes(pieces[t + 1]!).includes(id));
        expect(shared).toEqual([]);
        const choicesNow = pieces[t]!.filter((id) => id.startsWith("choice:"));
        expect(pieces[t + 1]!.filter((id) => choicesNow.includes(id))).toEqual([]);
        // no paragraph of one turn appears in the next
        const paragraphsNext = narrationPart(texts[t + 1]!).split("\n\n");
        for (const paragraph of narrationPart(texts[t]!).split("\n\n").slice(1)) {
          expect(paragraphsNext).not.toContain(paragraph);
        }
      }
    }
  });

  it("ends every turn of every genre, phase and action with exactly three choices (issue 11 §3)", async () => {
    const phases: StoryPhase[] = ["middle", "approach-ending", "conclude"];
    let turns = 0;
    for (const genre of GENRES) {
      for (const phase of phases) {
        for (const game of ["a", "b", "c"]) {
          const gameId = `contract-${genre}-${phase}-${game}`;
          const { texts } = await playGame(genre, gameId, 12, phase);
          const others = [
            await narrate(request({ genre, gameId, turn: 13, action: { kind: "free", text: "Guardo intorno e aspetto" }, phase })),
            await narrate(request({ genre, gameId, turn: 14, action: { kind: "new" }, phase: "opening" })),
          ];
          for (const text of [...texts, ...others]) {
            expect(keepsChoiceContract(text), text).toBe(true);
            turns++;
          }
        }
      }
    }
    expect(turns).toBe(GENRES.length * 3 * 3 * 15);
  });

  it("repairs with the choices it writes for the same request", async () => {
    const req = request({ genre: "Horror", turn: 3, action: { kind: "free", text: "Accendo la torcia" }, phase: "middle" });
    const { text, choices } = composeNarration(req);
    expect(await narrator.repairChoices({ ...req, narration: narrationPart(text) })).toEqual(choices);
    expect(formatChoices(text)).toBe(withChoices(narrationPart(text), choices));
  });

  it("starts paragraphs and sentences with a capital, even when a name like 'don Filippo' opens them", async () => {
    for (const genre of GENRES) {
      for (const game of ["a", "b", "c", "d"]) {
        const { texts } = await playGame(genre, `case-${genre}-${game}`, 12);
        for (const text of texts) {
          for (const paragraph of narrationPart(text).split("\n\n")) {
            expect(paragraph).not.toMatch(/^(?:\*\*)?\p{Ll}/u);
            expect(paragraph).not.toMatch(/[^.][.!?]\s+(?:\*\*)?\p{Ll}/u);
          }
        }
      }
    }
  });

  it("keeps the same companion name across the turns of a game", async () => {
    const { texts } = await playGame("Western", "cast-game", 6);
    const name = castFor("cast-game", "Western").companion.name;
    for (const text of texts) expect(text).toContain(name);
    expect(castFor("cast-game", "Western")).toEqual(castFor("cast-game", "Western"));
    const names = new Set(Array.from({ length: 20 }, (_, i) => castFor(`other-${i}`, "Western").companion.name));
    expect(names.size).toBeGreaterThan(1);
  });

  it("tells the consequence of the chosen option, quoting its text", async () => {
    for (const genre of GENRES) {
      const opening = await narrate(request({ genre, gameId: "choice-game" }));
      const chosen = extractChoices(opening).B!;
      const req = request({
        genre,
        gameId: "choice-game",
        turn: 1,
        action: { kind: "choice", letter: "B" },
        phase: "middle",
        messages: [
          { role: "user", content: "/inizia" },
          { role: "assistant", content: formatChoices(opening) },
          { role: "user", content: "/B" },
        ],
      });
      const text = await narrate(req);
      const firstParagraph = text.split("\n\n")[0]!.toLowerCase();
      expect(firstParagraph).toContain(chosen.toLowerCase());
      expect(text.match(/^[123]\. /gm)).toHaveLength(3);
    }
  });

  it("still answers a choice when the previous options are missing", async () => {
    const text = await narrate(
      request({ genre: "Giallo", turn: 3, action: { kind: "choice", letter: "C" }, phase: "middle", messages: [] }),
    );
    expect(text).toContain("C");
    expect(text.match(/^[123]\. /gm)).toHaveLength(3);
  });

  it("reflects the player's free text", async () => {
    const words = "Busso tre volte alla porta del mulino";
    const text = await narrate(
      request({ genre: "Storico", turn: 2, action: { kind: "free", text: words }, phase: "middle" }),
    );
    expect(text.split("\n\n")[0]).toContain(`«${words}»`);
    expect(text.match(/^[123]\. /gm)).toHaveLength(3);
  });

  it("follows the arc setup → complication → turn over consecutive turns (issue 38 §3)", async () => {
    for (const genre of GENRES) {
      const { pieces } = await playGame(genre, `arc-${genre}`, 9);
      const arcs = pieces.map((ids) => [...new Set(ids.filter((id) => id.startsWith("fragment-")).map((id) => id.split(":")[0]))]);
      expect(arcs).toEqual(
        ["setup", "complication", "turn", "setup", "complication", "turn", "setup", "complication", "turn", "setup"].map((arc) => [`fragment-${arc}`]),
      );
    }
  });

  it("takes up a noun of the player's free text, beyond quoting it (issue 38 §3)", async () => {
    const cases: [string, RegExp][] = [
      ["Apro la cassa con il piede di porco", /\bcassa\b|piede di porco/],
      ["Accendo una torcia e scendo in cantina", /\btorcia\b/],
      ["Nascondo la mia spada sotto il mantello", /\btua spada\b/],
      ["Guardo dentro l'armadio", /\barmadio\b/],
    ];
    for (const genre of GENRES) {
      for (const [words, noun] of cases) {
        const text = await narrate(request({ genre, gameId: "nouns", turn: 4, action: { kind: "free", text: words }, phase: "middle" }));
        const firstParagraph = text.split("\n\n")[0]!;
        expect(firstParagraph).toContain(`«${words}»`);
        expect(firstParagraph.replace(`«${words}»`, "")).toMatch(noun);
      }
    }
  });

  it("announces a fresh start for /nuovo", async () => {
    const text = await narrate(request({ genre: "Horror", turn: 5, action: { kind: "new" }, phase: "opening" }));
    expect(text.toLowerCase()).toMatch(/nuova storia|ricomincia|un'altra/);
    expect(text.match(/^[123]\. /gm)).toHaveLength(3);
  });

  it("moves toward the climax and then concludes the story", async () => {
    const climax = composeNarration(
      request({ genre: "Sci-Fi", turn: 8, action: { kind: "free", text: "Avanti tutta" }, phase: "approach-ending" }),
    );
    expect(climax.pieces.some((id) => id.startsWith("climax:"))).toBe(true);
    const ending = composeNarration(
      request({ genre: "Sci-Fi", turn: 9, action: { kind: "choice", letter: "A" }, phase: "conclude", messages: [] }),
    );
    expect(ending.pieces.some((id) => id.startsWith("ending:"))).toBe(true);
    expect(ending.text).toMatch(/storia/);
    expect(ending.text.match(/^[123]\. /gm)).toHaveLength(3);
    expect(ending.text.trimEnd().split("\n").at(-1)).toMatch(/^3\. /);
  });

  it("streams many small chunks that rebuild the text", async () => {
    const req = request({ genre: "Avventura" });
    const chunks = await collect(req);
    expect(chunks.length).toBeGreaterThan(50);
    expect(chunks.join("")).toBe(composeNarration(req).text);
    for (const chunk of chunks.slice(1)) expect(chunk).toMatch(/^\S+\s*$/u);
    expect(splitIntoChunks("uno due\n\ntre")).toEqual(["uno ", "due\n\n", "tre"]);
  });

  it("stops quietly when the signal aborts", async () => {
    const aborted = new AbortController();
    aborted.abort();
    expect(await collect(request({ genre: "Thriller", signal: aborted.signal }))).toEqual([]);

    const slow = createOfflineNarrator({ wordDelayMs: 5 });
    const controller = new AbortController();
    const received: string[] = [];
    for await (const chunk of slow.stream(request({ genre: "Thriller", signal: controller.signal }))) {
      received.push(chunk);
      if (received.length === 3) controller.abort();
    }
    expect(received).toHaveLength(3);
  });
});
