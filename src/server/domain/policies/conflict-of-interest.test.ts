/**
 * The conflict-of-interest rule has one owner (issue 36 "one conflict-of-interest rule for every
 * moderation decision and appeal"): every path that decides goes through
 * policies/conflict-of-interest.ts. This test reads the server's source and fails when a module
 * other than the owner
 * - closes reports or records an appeal's outcome (an update of content_reports or
 *   moderation_appeals that sets `status`, in Kysely or in raw SQL), or
 * - records a decision (insert into moderation_decisions) without taking its reports through
 *   closeReports, which checks the decider.
 * A new decision path (another route, a CLI, a bulk action) must call the owner instead. The
 * behaviour itself (403 CONFLICT_OF_INTEREST over HTTP) is in features/moderation/decisions.test.ts.
 */

import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SERVER = path.resolve(import.meta.dirname, "../..");
const OWNER = "domain/policies/conflict-of-interest.ts";

/** Kysely chains from updateTable/insertInto of a table to their execute call, and raw SQL updates. */
const CHAIN = /\.(updateTable|insertInto)\(\s*["'`](content_reports|moderation_appeals|moderation_decisions)["'`]\s*\)([\s\S]*?)\.execute/g;
const RAW_UPDATE = /update\s+"?(content_reports|moderation_appeals)"?\s+set\b[^;`]*\bstatus\b/gi;

/** A write that decides, as found in one source text: which kind and on which table. */
interface DecidingWrite {
  kind: "outcome" | "decision";
  table: string;
}

/** The deciding writes of a source text (see the header). */
function decidingWrites(source: string): DecidingWrite[] {
  const writes: DecidingWrite[] = [];
  for (const [, verb, table, chain] of source.matchAll(CHAIN)) {
    if (verb === "insertInto" && table === "moderation_decisions") writes.push({ kind: "decision", table: table! });
    if (verb === "updateTable" && /\.set\(\s*\{[^}]*\bstatus\s*:/.test(chain!)) writes.push({ kind: "outcome", table: table! });
  }
  for (const [, table] of source.matchAll(RAW_UPDATE)) writes.push({ kind: "outcome", table: table! });
  return writes;
}

/** The paths (relative to src/server) that decide without the owner. */
function pathsSkippingTheOwner(files: Record<string, string>): string[] {
  const offenders: string[] = [];
  for (const [file, source] of Object.entries(files)) {
    if (file === OWNER) continue;
    for (const write of decidingWrites(source)) {
      if (write.kind === "outcome" || !source.includes("closeReports(")) offenders.push(`${file}: ${write.kind} on ${write.table}`);
    }
  }
  return offenders;
}

/** Every server module (tests and test helpers excluded), by path relative to src/server. */
function serverSources(): Record<string, string> {
  const files = (fs.readdirSync(SERVER, { recursive: true }) as string[]).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && !f.startsWith("testing"));
  return Object.fromEntries(files.map((f) => [f.split(path.sep).join("/"), fs.readFileSync(path.join(SERVER, f), "utf8")]));
}

describe("conflict of interest: one owner for every moderation decision", () => {
  it("no module closes reports, decides an appeal or records a decision around policies/conflict-of-interest.ts", () => {
    const sources = serverSources();
    // The scanner sees the owner's own writes (it would not pass vacuously).
    expect(decidingWrites(sources[OWNER]!)).toEqual([
      { kind: "outcome", table: "content_reports" },
      { kind: "outcome", table: "moderation_appeals" },
    ]);
    expect(decidingWrites(sources["features/moderation/decisions.service.ts"]!)).toEqual([{ kind: "decision", table: "moderation_decisions" }]);
    expect(pathsSkippingTheOwner(sources)).toEqual([]);
  });

  it("flags a new path that decides on its own", () => {
    const bulkKeep = `await db.updateTable("content_reports").set({ status: "decided", updated_at: now }).where("id", "in", ids).execute();`;
    const quickAppeal = "await sql`update moderation_appeals set status = 'reversed' where id = ${id}`.execute(db);";
    const silentDecision = `await trx.insertInto("moderation_decisions").values(row).execute();`;
    const anonymise = `await trx.updateTable("moderation_appeals").set({ decided_by: null }).where("decided_by", "=", userId).execute();`;
    expect(pathsSkippingTheOwner({ "a.ts": bulkKeep, "b.ts": quickAppeal, "c.ts": silentDecision, "d.ts": anonymise })).toEqual([
      "a.ts: outcome on content_reports",
      "b.ts: outcome on moderation_appeals",
      "c.ts: decision on moderation_decisions",
    ]);
  });
});
