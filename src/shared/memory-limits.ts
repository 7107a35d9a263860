/**
 * Limits of the narrator's memory that modules without zod need too (the error catalogue, which
 * every page loads): kept apart from schemas/memory.ts so that pages without forms do not load
 * zod (issue 12).
 */

/** Facts a game can hold (issue 11 §1): the player is told beyond, found facts are left out. */
export const MAX_FACTS_PER_GAME = 500;
