/**
 * Issue 39: every action the server writes to the audit log has its Italian label in the one map
 * the admin page reads (shared/audit-actions.ts), and the map holds no label for an action
 * nobody writes. The server's own sources are read for the actions they pass to the audit
 * writers (appendAudit, countAudit, auditedChange, auditedEdit and its '<action>.conflict'); the
 * types already refuse an unlabelled action, this also catches one passed through a cast.
 */

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AUDIT_ACTION_LABELS, auditActionLabel } from "../../shared/audit-actions";

const SERVER = join(import.meta.dirname, "..");

/** The actions the server's sources (tests excluded) write, with the file that writes each. */
function writtenActions(): Map<string, string> {
  const found = new Map<string, string>();
  const files = readdirSync(SERVER, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"));
  for (const file of files) {
    const text = readFileSync(join(SERVER, file), "utf8");
    for (const [, writer, action] of text.matchAll(/\b(appendAudit|countAudit|auditedChange|auditedEdit)\([^";]*?"([a-z_.]+)"/g)) {
      found.set(action!, file);
      if (writer === "auditedEdit") found.set(`${action}.conflict`, file);
    }
  }
  return found;
}

describe("audit actions", () => {
  const written = writtenActions();

  it("are all found in the server's sources (the scan is not empty)", () => {
    expect(written.size).toBeGreaterThanOrEqual(25);
  });

  it("each written action has its Italian label, and each label an action written", () => {
    const unlabelled = [...written].filter(([action]) => !(action in AUDIT_ACTION_LABELS));
    expect(unlabelled).toEqual([]);
    expect(Object.keys(AUDIT_ACTION_LABELS).filter((action) => !written.has(action))).toEqual([]);
  });

  it("labels are words an admin reads, never a machine key", () => {
    for (const [action, label] of Object.entries(AUDIT_ACTION_LABELS)) {
      expect(auditActionLabel(action)).toBe(label);
      expect(label).toMatch(/^[A-ZÀ-Ú][^._]*$/);
    }
    expect(auditActionLabel("admin.qualcosa.di.vecchio")).toBe("Altra azione");
  });
});
