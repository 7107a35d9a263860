/**
 * The game feature's public surface (issue 37: another feature imports the game only through
 * this file): the game's API address and query key, and the toast of a failed action (group
 * play). Only light modules: no page code. A game page's address is lib/game-path.ts.
 */

export { gameApiPath, gameKey, leaveStoryKey } from "./api";
export { showError } from "./show-error";
