/**
 * The membership ledger is the one owner of who belongs to a story (issue 36, "one membership
 * ledger per story": joined, removed and remembered, left, handed over; invitations consult it).
 * This test reads the server's source and fails when a module other than the ledger names the
 * ledger's tables: a new path that adds, removes, moves or checks a member with a query of its
 * own instead of asking policies/membership.ts. The few modules that read or move those rows for
 * another rule are listed with their reason; adding one is a reviewed decision, not an accident.
 */

import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SERVER = path.resolve(import.meta.dirname, "../..");
const OWNER = "domain/policies/membership.ts";
/** The ledger's tables: the seats of a story, and the removals it remembers. */
const LEDGER_TABLES = ["game_players", "game_removals"];

/** Modules other than the owner allowed to name the ledger's tables, and why. */
const ALLOWED: Record<string, string> = {
  "platform/db/schema.ts": "the tables' types",
  "domain/memory/background.ts": "reads the characters' names the memory keeps facts about; decides nothing about access",
  // The account-move list (issue 36 finding 10): a guest's rows, its seats included, move to the account it registers as.
  "domain/auth/account-rows.ts": "moves a registering guest's rows to its account",
  "domain/policies/account-rows.ts": "moves a registering guest's rows to its account",
};

/** Server source files (no tests, no test support), as paths relative to src/server. */
function sourceFiles(): string[] {
  return (fs.readdirSync(SERVER, { recursive: true }) as string[])
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts") && !file.startsWith(`testing${path.sep}`))
    .map((file) => file.split(path.sep).join("/"));
}

describe("the membership ledger", () => {
  it("is the only module that names the tables of a story's members", () => {
    const naming = sourceFiles().filter((file) => LEDGER_TABLES.some((table) => fs.readFileSync(path.join(SERVER, file), "utf8").includes(table)));
    expect(naming).toContain(OWNER);
    expect(naming.filter((file) => file !== OWNER && !(file in ALLOWED))).toEqual([]);
  });
});
