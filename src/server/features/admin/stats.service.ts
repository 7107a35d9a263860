/**
 * Admin dashboard figures (spec §2 Admin dashboard: counts of users, games, images and plan
 * usage; issue 6: messages today and the active AI providers).
 */

import { type Kysely, sql } from "kysely";
import type { AdminStatsView } from "../../../shared/admin-types";
import type { PlanName } from "../../../shared/schemas/admin";
import { romePeriods } from "../../platform/clock";
import type { AppDeps } from "../../domain/context";
import type { Database } from "../../platform/db/schema";

/** UTC instant (ISO) at which the Europe/Rome day containing `at` began. */
export function romeDayStartIso(at: Date = new Date()): string {
  const { day } = romePeriods(at);
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const midnightUtc = Date.UTC(y, m - 1, d);
  // Rome is UTC+1 or UTC+2: the day starts at the first candidate that already reads `day` in Rome.
  for (const hours of [2, 1, 0]) {
    const candidate = new Date(midnightUtc - hours * 3_600_000);
    if (romePeriods(candidate).day === day) return candidate.toISOString();
  }
  return new Date(midnightUtc).toISOString();
}

/**
 * Reads the dashboard figures in four queries.
 * Output: AdminStatsView — users (registered accounts, guests excluded), games (personal games,
 * templates excluded), images, player messages since Rome midnight, users per plan (every plan,
 * 0 when unused) and the active AI providers: the narrator's and the illustrator's labels.
 */
export async function readStats(deps: AppDeps): Promise<AdminStatsView> {
  const db: Kysely<Database> = deps.db;
  const registered = sql<boolean>`not coalesce(${sql.ref("user.isAnonymous")}, false)`;
  const [counts, plans, perPlan] = await Promise.all([
    db
      .selectNoFrom((eb) => [
        eb.selectFrom("user").select((e) => e.fn.countAll<number>().as("n")).where(registered).as("users"),
        eb.selectFrom("saved_games").select((e) => e.fn.countAll<number>().as("n")).where("is_template", "=", 0).as("games"),
        eb.selectFrom("generated_images").select((e) => e.fn.countAll<number>().as("n")).as("images"),
        eb
          .selectFrom("chat_messages")
          .select((e) => e.fn.countAll<number>().as("n"))
          .where("role", "=", "user")
          .where("created_at", ">=", romeDayStartIso())
          .as("messages_today"),
      ])
      .executeTakeFirstOrThrow(),
    db.selectFrom("plans").select(["id", "name"]).orderBy("position").execute(),
    db
      .selectFrom("user_tokens")
      .innerJoin("user", "user.id", "user_tokens.user_id")
      .select(["user_tokens.model", (e) => e.fn.countAll<number>().as("n")])
      .where(registered)
      .groupBy("user_tokens.model")
      .execute(),
  ]);
  const byPlan = new Map(perPlan.map((r) => [r.model, Number(r.n)]));
  const providers: AdminStatsView["providers"] = [
    { kind: "text", label: deps.narrator.label, offline: deps.narrator.label === "offline" },
    { kind: "image", label: deps.illustrator.label, offline: deps.illustrator.offline },
  ];
  return {
    users: Number(counts.users),
    games: Number(counts.games),
    images: Number(counts.images),
    messagesToday: Number(counts.messages_today),
    plans: plans.map((p) => ({ plan: p.id as PlanName, name: p.name, users: byPlan.get(p.id) ?? 0 })),
    providers,
  };
}
