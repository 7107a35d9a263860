/**
 * Migration 0029 (issue 36 findings 5 and 19) on a database that already holds templates and
 * decisions: the admins who created or edited a template are found in the audit log and recorded
 * as its writers (not an erased admin, not a refused stale edit, not another template's), existing
 * decisions have no recorded state before (a reversal then makes the item visible, as it did),
 * writers go with their account, and the migration goes down and up again. SQLite and, with
 * TEST_DATABASE_URL, PostgreSQL.
 */

import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { nowIso } from "../clock";
import { DIALECTS, openMigrationTestDatabase } from "../../testing/harness";

describe.each(DIALECTS)("migration 0029 on %s", (dialect) => {
  it("records the writers of existing templates from the audit log, and goes down and up", async () => {
    const database = await openMigrationTestDatabase(dialect);
    const { handle, migrator } = database;
    try {
      expect((await migrator.migrateTo("0023_read_only_copies")).error).toBeUndefined();
      const { db } = handle;
      const now = nowIso();
      const [creator, editor, stale] = [randomUUID(), randomUUID(), randomUUID()];
      for (const [i, id] of [creator, editor, stale].entries()) {
        await db
          .insertInto("user")
          .values({ id, name: "A", email: `a${i}@example.com`, emailVerified: dialect === "postgres" ? true : 1, image: null, createdAt: now, updatedAt: now, isAnonymous: null })
          .execute();
      }
      const [template, other] = [randomUUID(), randomUUID()];
      for (const id of [template, other]) {
        await db.insertInto("saved_games").values({ id, user_id: null, title: "Template", genre: "Fantasy", is_template: 1, created_at: now, updated_at: now, last_played: null } as never).execute();
      }
      const audit = (userId: string | null, action: string, detail: string) =>
        db.insertInto("audit_log").values({ id: randomUUID(), user_id: userId, actor_email: null, action, detail, ip: null, created_at: now, last_at: now }).execute();
      await audit(creator, "template.create", `template ${template}`);
      await audit(editor, "template.update", `template ${template} v1: {"title":"Template"}`);
      await audit(editor, "template.update", `template ${template} v2: {"title":"Template"}`);
      await audit(stale, "template.update.conflict", `template ${template}: modifica fatta sulla v1 e rifiutata`);
      await audit(null, "template.update", `template ${template} v3: {}`);
      await audit(stale, "template.create", `template ${other}`);
      await db
        .insertInto("moderation_decisions")
        .values({ id: "d-1", content_kind: "template", content_id: template, content_title: "Template", author_user_id: null, moderator_id: stale, action: "restrict", suspend_author: 0, ground_type: null, ground: null, facts: null, automated_detection: 0, automated_decision: 0, first_report_at: now, created_at: now } as never)
        .execute();

      expect((await migrator.migrateTo("0029_moderation_conflicts")).error).toBeUndefined();
      const writers = async (id: string) => (await db.selectFrom("template_authors").select("user_id").where("template_id", "=", id).execute()).map((r) => r.user_id).sort();
      expect(await writers(template)).toEqual([creator, editor].sort());
      expect(await writers(other)).toEqual([stale]);
      expect(await db.selectFrom("moderation_decisions").select(["state_before", "listed_before"]).executeTakeFirstOrThrow()).toEqual({ state_before: null, listed_before: null });

      await db.deleteFrom("user").where("id", "=", editor).execute();
      expect(await writers(template)).toEqual([creator]);
      await db.deleteFrom("saved_games").where("id", "=", other).execute();
      expect(await writers(other)).toEqual([]);

      expect((await migrator.migrateTo("0023_read_only_copies")).error).toBeUndefined();
      expect((await migrator.migrateTo("0029_moderation_conflicts")).error).toBeUndefined();
      expect(await writers(template)).toEqual([creator]);
    } finally {
      await database.close();
    }
  });
});
