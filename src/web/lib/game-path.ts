/** The game page's path, shared with the server (pushes open it; issue 39). */
export { gamePagePath } from "@shared/genres";
