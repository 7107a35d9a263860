import type { ReactNode } from "react";
import { prerender } from "react-dom/static";
import { afterEach, describe, expect, it } from "vitest";
import { Narration } from "./narration";
import { setSpokenSentence } from "./narration-highlight";

/** The HTML the server sends for `node`, once its lazy parts (the markdown renderer) have loaded. */
async function serverHtml(node: ReactNode): Promise<string> {
  const { prelude } = await prerender(node);
  return await new Response(prelude).text();
}

const marks = (html: string) => [...html.matchAll(/<mark data-spoken=""(?: [^>]*)?>(.*?)<\/mark>/g)].map((m) => m[1]);

afterEach(() => setSpokenSentence(null));

describe("the sentence being read aloud, marked in its narration (issue 13 Listen)", () => {
  const text = "La porta cigola. Ora entra **Tarek**, il cavaliere. La porta cigola.\n\n1. Entra\n2. Fuggi\n3. Resta";

  it("marks the sentence across emphasis, as one highlight including the spaces between its parts", async () => {
    setSpokenSentence({ source: "La porta", text: "Ora entra Tarek, il cavaliere.", hint: 14 });
    const html = await serverHtml(<Narration text={text} />);
    expect(marks(html)).toEqual(["Ora entra ", "Tarek", ", il cavaliere."]);
    expect(html).toContain("<strong><mark");
  });

  it("uses the hint to mark the right one of two equal sentences, and marks a choice's text", async () => {
    setSpokenSentence({ source: "La porta", text: "La porta cigola.", hint: 40 });
    expect(await serverHtml(<Narration text={text} />)).toMatch(/cavaliere\. <mark[^>]*>La porta cigola\.<\/mark>/);
    setSpokenSentence({ source: "La porta", text: "Fuggi", hint: 60 });
    expect(await serverHtml(<Narration text={text} />)).toMatch(/B\) <mark[^>]*>Fuggi<\/mark>/);
  });

  it("marks nothing in another narration, nor when the sentence is not there", async () => {
    setSpokenSentence({ source: "Un'altra storia", text: "La porta cigola.", hint: 0 });
    expect(marks(await serverHtml(<Narration text={text} />))).toEqual([]);
    setSpokenSentence({ source: "La porta", text: "Questa frase non c'è.", hint: 0 });
    expect(marks(await serverHtml(<Narration text={text} />))).toEqual([]);
  });

  it("never turns text into HTML: markup in the narration and in the sentence stays text", async () => {
    const hostile = "Scrive <img src=x onerror=alert(1)> sul muro. Poi fugge.";
    setSpokenSentence({ source: "Scrive", text: "Scrive <img src=x onerror=alert(1)> sul muro.", hint: 0 });
    const html = await serverHtml(<Narration text={hostile} />);
    expect(html).not.toContain("<img");
    expect(marks(html).join("")).not.toContain("<");
  });
});
