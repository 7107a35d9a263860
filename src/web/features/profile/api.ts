/**
 * Profile API for the web (spec §2 Profile, §7 Data export and delete-user, §8 Profile): the
 * profile and games queries, saving, deleting a game, exporting and erasing the account.
 */

import type { ErasureInput, ProfileInput } from "@shared/schemas/profile";
import { queryOptions } from "@tanstack/react-query";
import type { DeletedGameView, ErasedAccountView, ProfileGamesView, ProfileView, UpdatedProfileView } from "@/lib/api-contract";
import { api, toApiError } from "@/lib/api";
import { BRAND_NAME } from "@/components/layout/brand";

export const profileKey = ["profile"] as const;
const profileGamesKey = ["profile", "games"] as const;

/** Paths under /api of the profile and of the player's games (the server renders /profilo with them). */
export const PROFILE_PATH = "/profile";
export const PROFILE_GAMES_PATH = "/profile/games";

/** GET /api/profile → ProfileView. */
export const profileQuery = queryOptions({
  queryKey: profileKey,
  queryFn: ({ signal }) => api<ProfileView>(PROFILE_PATH, { signal }),
});

/** GET /api/profile/games → the user's games, most recent first. */
export const profileGamesQuery = queryOptions({
  queryKey: profileGamesKey,
  queryFn: ({ signal }) => api<ProfileGamesView>(PROFILE_GAMES_PATH, { signal }),
});

/** PUT /api/profile. Throws ApiError (409 NICKNAME_TAKEN, 400 validation…). */
export function saveProfile(input: ProfileInput): Promise<ProfileView> {
  return api<UpdatedProfileView>(PROFILE_PATH, { method: "PUT", body: input });
}

/** DELETE /api/games/:id (own games only). */
export function deleteGame(id: string): Promise<{ ok: true }> {
  return api<DeletedGameView>(`/games/${encodeURIComponent(id)}`, { method: "DELETE" });
}

/** Default export file name (spec §9): i_miei_dati_{product}ai.json. */
const EXPORT_FILE_NAME = `i_miei_dati_${BRAND_NAME.toLowerCase().replace(/[^a-z0-9]+/g, "")}ai.json`;

/**
 * Downloads GET /api/profile/export as a file named by the server (i_miei_dati_storieai.json).
 * Throws ApiError on failure.
 */
export async function downloadExport(): Promise<void> {
  const response = await fetch("/api/profile/export", { credentials: "same-origin" });
  if (!response.ok) throw await toApiError(response);
  const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? EXPORT_FILE_NAME;
  saveFile(await response.blob(), name);
}

/** Hands `blob` to the browser as a download named `name`. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * DELETE /api/profile {password?, code?, word?} (what ProfileView.erasure asks; issue 36 finding
 * 17): erases the account and ends the session. Throws ApiError (400/403 ERASURE_*, 429, 409 LAST_ADMIN).
 */
export function deleteAccount(input: ErasureInput): Promise<{ ok: true }> {
  return api<ErasedAccountView>("/profile", { method: "DELETE", body: input });
}
