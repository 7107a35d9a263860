import { describe, expect, it } from "vitest";
import { advanceProgress, phaseFor } from "./progress";
import { buildSystemPrompt, historyWindow, type NarratorConfig, toModelMessages } from "./prompt";

const config: NarratorConfig = {
  system_prompt: "Sei il narratore di una storia horror.",
  temperature: 0.9,
  max_tokens: 1024,
  response_style: "drammatico",
  story_pacing: "medio",
  interaction_style: "guidato",
  context_memory: 10,
  special_instructions: "Mantieni la suspense.",
  preferred_vocabulary: "poetico",
  forbidden_topics: ["violenza esplicita", "politica"],
  prompt_budget: 6000,
};

describe("buildSystemPrompt (DESIGN §4 step 3)", () => {
  it("carries the genre prompt, styles, instructions, vocabulary and forbidden topics", () => {
    const prompt = buildSystemPrompt(config, "middle");
    expect(prompt).toContain("Sei il narratore di una storia horror.");
    expect(prompt).toContain("Stile di risposta: drammatico.");
    expect(prompt).toContain("Ritmo della storia: medio.");
    expect(prompt).toContain("Stile di interazione: guidato.");
    expect(prompt).toContain("Vocabolario preferito: poetico.");
    expect(prompt).toContain("Istruzioni speciali: Mantieni la suspense.");
    expect(prompt).toContain("Argomenti da non trattare mai: violenza esplicita, politica.");
    expect(prompt).toContain("tre scelte numerate");
  });

  it("leaves out empty optional parts and tells the narrator when to end", () => {
    const bare = buildSystemPrompt({ ...config, special_instructions: null, preferred_vocabulary: null, forbidden_topics: [] }, "middle");
    expect(bare).not.toContain("Istruzioni speciali");
    expect(bare).not.toContain("Vocabolario");
    expect(bare).not.toContain("Argomenti");
    expect(buildSystemPrompt(config, "approach-ending")).toContain("si avvicina alla fine");
    expect(buildSystemPrompt(config, "conclude")).toContain("turno finale");
  });
});

describe("history window (spec §7 chat: context_memory × 2, 0 = all)", () => {
  it("maps memory to a message count", () => {
    expect(historyWindow(10)).toBe(20);
    expect(historyWindow(1)).toBe(2);
    expect(historyWindow(0)).toBeUndefined();
  });

  it("describes commands with the choice text of the narration they answer", () => {
    const messages = toModelMessages([
      { role: "user", content: "/inizia", image_url: null },
      { role: "assistant", content: "Buio.\n1. Accendi la torcia\n2. Resta fermo\n3. Chiama", image_url: null },
      { role: "user", content: "/A", image_url: null },
      { role: "assistant", content: "Una cripta", image_url: "/media/x.png" },
      { role: "user", content: "/nuovo", image_url: null },
    ]);
    expect(messages[0]!.content).toContain("Inizia la storia");
    expect(messages[2]).toEqual({ role: "user", content: "Scelgo l'opzione A: Accendi la torcia" });
    expect(messages[3]).toEqual({ role: "assistant", content: "[Immagine della scena: Una cripta]" });
    expect(messages[4]!.content).toContain("nuovo gioco");
  });
});

describe("progress (issue foundation §5: toward 100 over a length set by the pacing)", () => {
  it("advances faster with a faster pacing and stops at 100", () => {
    expect(advanceProgress(0, "veloce")).toBe(8);
    expect(advanceProgress(0, "medio")).toBe(5);
    expect(advanceProgress(0, "lento")).toBe(3);
    let p = 0;
    for (let i = 0; i < 12; i++) p = advanceProgress(p, "veloce");
    expect(p).toBe(100);
    expect(advanceProgress(100, "veloce")).toBe(100);
  });

  it("restarts with '/nuovo' and names the phases", () => {
    expect(advanceProgress(60, "medio", true)).toBe(5);
    expect(phaseFor(0, "medio")).toBe("opening");
    expect(phaseFor(30, "medio")).toBe("middle");
    expect(phaseFor(75, "medio")).toBe("approach-ending");
    expect(phaseFor(95, "medio")).toBe("conclude");
    expect(phaseFor(95, "medio", true)).toBe("opening");
  });
});
