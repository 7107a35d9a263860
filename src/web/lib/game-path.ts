import { genreSlug, resolveGenre } from "@shared/genres";

/** The game page of a stored game (spec §2 route table): /gioco/{genre's slug}/{id}; an unknown genre reads as Fantasy. */
export const gamePagePath = (genre: string, gameId: string) => `/gioco/${genreSlug(resolveGenre(genre))}/${encodeURIComponent(gameId)}`;
