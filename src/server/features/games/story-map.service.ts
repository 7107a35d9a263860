/**
 * 'Mappa delle scelte' (issue 11 §2; ADR 0008): the whole tree of a game as the player's map,
 * each node labelled in one line, the current path marked.
 */

import type { Kysely } from "kysely";
import type { StoryMapNode, StoryMapView } from "../../../shared/api-types";
import { extractChoices } from "../../../shared/choices";
import { parsePlayerAction } from "../../../shared/commands";
import { readChoiceBlock } from "../../domain/ai/choice-contract";
import type { Database } from "../../platform/db/schema";
import { findReadableGame } from "./games.service";

/** Longest label of a node, in characters (an ellipsis marks a cut). */
const LABEL_MAX = 90;

/** The text cut at a word boundary to LABEL_MAX characters, markdown emphasis removed. */
function oneLine(text: string): string {
  const flat = text.replace(/[*_#>`]+/g, "").replace(/\s+/g, " ").trim();
  if (flat.length <= LABEL_MAX) return flat;
  const cut = flat.slice(0, LABEL_MAX - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), LABEL_MAX / 2))}…`;
}

/**
 * A player's message as a line: '/inizia' → 'Inizio della storia', '/A' → 'A) <the choice of the
 * narration it answers>', '/nuovo' → 'Nuova storia', '/continua' → 'Continua' (issue 38 §4), free text as written.
 */
function playerLabel(content: string, answered: string | undefined): string {
  const action = parsePlayerAction(content);
  switch (action.kind) {
    case "start":
      return "Inizio della storia";
    case "new":
      return "Nuova storia";
    case "continue":
      return "Continua";
    case "choice": {
      const choice = answered ? extractChoices(answered)[action.letter] : undefined;
      return oneLine(choice ? `${action.letter}) ${choice}` : `Scelta ${action.letter}`);
    }
    case "visualize":
    case "free":
      return oneLine(content);
  }
}

/**
 * GET /api/games/:id/map. Input: the owner and the game id. Output: {@link StoryMapView}: every
 * message of the game (all branches, oldest first by depth then time), labelled, with the
 * current path marked; a narration's label is its opening, without its choices. Throws 404
 * GAME_NOT_FOUND for a game that is not the user's.
 */
export async function storyMap(db: Kysely<Database>, userId: string, gameId: string): Promise<StoryMapView> {
  const game = await findReadableGame(db, userId, gameId);
  const rows = await db
    .selectFrom("chat_messages")
    .select(["id", "parent_id", "role", "content", "image_url"])
    .where("game_id", "=", game.id)
    .orderBy("depth")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const onPath = new Set<string>();
  for (let id = game.tip_message_id; id && !onPath.has(id); id = byId.get(id)?.parent_id ?? null) onPath.add(id);
  const contentOf = (id: string | null) => (id ? byId.get(id)?.content : undefined);
  const nodes: StoryMapNode[] = rows.map((r) => ({
    id: r.id,
    parentId: r.parent_id,
    role: r.role,
    label: r.role === "user" ? playerLabel(r.content, contentOf(r.parent_id)) : oneLine(r.image_url ? r.content : readChoiceBlock(r.content).prose || r.content),
    picture: r.image_url !== null,
    onPath: onPath.has(r.id),
  }));
  return { tipId: game.tip_message_id, nodes };
}
