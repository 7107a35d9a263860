/**
 * The visibility rule has one owner (issue 36, "One visibility rule"; DESIGN §3 Rule owners): the
 * columns that say who may see an item (moderation_state, taken_down_at, unshared_at) are read to
 * decide visibility only in policies/visibility.ts. A module that reads them anywhere else fails
 * here, unless it is one of the few that only WRITE them (a decision, a takedown, a revocation,
 * a new item's first state) or carry them for their owner, each named below with why.
 * visibility.test.ts checks the other side: every address that serves content asks the rule.
 */

import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SERVER = path.resolve(import.meta.dirname, "../..");
const COLUMNS = /\b(moderation_state|taken_down_at|unshared_at)\b/;

/** Modules allowed to name the columns, and why (none of them decides who may see an item). */
const ALLOWED: Record<string, string> = {
  "domain/policies/visibility.ts": "the rule itself",
  "platform/db/schema.ts": "the columns' types",
  "features/moderation/content.ts": "applies a moderator's decision: writes the state (setContentState)",
  "features/share/share.service.ts": "a link's life: revocation, a new link, an admin's takedown (writes); the owner's own link view",
  "features/games/visualize.service.ts": "a new picture's first state (restricted while its author's publishing is suspended)",
  "features/games/read-only-copy.ts": "a player's read-only copy of a group story leaves the state out",
  "domain/policies/membership.ts": "a host's hand-over ends their publication: withdraws the live link as 'Smetti di condividere' does (writes); which links are under a measure, it asks the rule",
  "domain/accounts/export-account.ts": "the account's own export (GDPR Art. 20) carries its rows as stored",
  "features/templates/scenarios.service.ts": "the author's own list of their scenarios shows each one's state; a remix's copy leaves the original's state out (it starts as a draft)",
};

/** Every non-test TypeScript module under src/server, relative to it. */
function modules(dir = SERVER): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "testing" ? [] : modules(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path.relative(SERVER, full).split(path.sep).join("/")] : [];
  });
}

describe("the visibility rule's owner", () => {
  it("no module but the owner reads moderation_state, taken_down_at or unshared_at", () => {
    const naming = modules().filter((file) => COLUMNS.test(fs.readFileSync(path.join(SERVER, file), "utf8")));
    expect(naming.filter((file) => !(file in ALLOWED)), "ask policies/visibility.ts instead of reading these columns").toEqual([]);
    // No stale exception: each one still names a column.
    expect(Object.keys(ALLOWED).filter((file) => !naming.includes(file))).toEqual([]);
  });

  it("imports only from the floors below it (db, clock, errors, env, shared)", () => {
    const source = fs.readFileSync(path.join(SERVER, "domain/policies/visibility.ts"), "utf8");
    const imports = [...source.matchAll(/from "([^"]+)"/g)].map((m) => m[1]!);
    expect(imports.filter((from) => from.startsWith(".") && !/^\.\.\/\.\.\/(platform\/(db\/|clock|errors|env)|\.\.\/shared\/)/.test(from))).toEqual([]);
  });
});
