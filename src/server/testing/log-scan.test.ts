/** The suite's log scan (issue 20 §2) catches what it must: a line that is no JSON, an e-mail, a password, a key, story text, a quoting JSON parse error. */

import { describe, expect, it } from "vitest";
import { personalDataIn } from "./log-scan";

describe("log scan", () => {
  it("passes a line of ids and counts, and catches each kind of personal data", () => {
    expect(personalDataIn(JSON.stringify({ level: "info", reqId: "9c0e", userId: "u1", route: "/api/games/:id", msg: "richiesta" }))).toBeNull();
    expect(personalDataIn("E-mail salvata")).toBe("not JSON");
    expect(personalDataIn(JSON.stringify({ msg: "E-mail per mario.rossi@example.com" }))).toBe("holds an e-mail address");
    expect(personalDataIn(JSON.stringify({ body: { password: "password-sicura-1" } }))).toBe("holds a test password");
    expect(personalDataIn(JSON.stringify({ providerBody: "Incorrect API key provided: sk-proj-abc123xyz" }))).toBe("holds an API key");
    expect(personalDataIn(JSON.stringify({ headers: { authorization: "Bearer abc.def" } }))).toBe("holds a bearer token");
    expect(personalDataIn(JSON.stringify({ text: "La nebbia si alza sul porto di **Valmora** e una lanterna oscilla nel buio" }))).toBe("holds story text");
    // A short quote of the text, below the story sentences' length (issue 36 finding 16d).
    let parseError = "";
    try {
      JSON.parse("La nebbia si alza sul porto");
    } catch (error) {
      parseError = (error as Error).message;
    }
    expect(personalDataIn(JSON.stringify({ err: { type: "SyntaxError", message: parseError } }))).toBe("holds a JSON parse error quoting its text");
    expect(personalDataIn(JSON.stringify({ failure: "not_json", answerChars: 27 }))).toBeNull();
  });
});
