/**
 * The cards of /profilo below its header and stats (spec §2 Profile, §8): personal info,
 * 'Sicurezza' (registered players only, issue 10), linked accounts, the player's games, their
 * saved templates and data management. The profile page loads this module on its own (issue 21):
 * their forms, dialogs and the sign-in client are not needed to paint the page the server
 * rendered, and React hydrates the cards once their code has arrived.
 */

import type { ProfileView } from "@shared/api-types";
import { DataManagementCard } from "./data-management-card";
import { FavoritesList } from "./favorites-list";
import { GamesList } from "./games-list";
import { LinkedAccounts } from "./linked-accounts";
import { PersonalInfoCard } from "./personal-info-card";
import { SecurityCard } from "./security/security-card";

/** Input: the player's profile (GET /api/profile). Output: the cards, in the spec's order. */
export default function ProfileSections({ profile }: { profile: ProfileView }) {
  return (
    <>
      <PersonalInfoCard profile={profile} />
      {profile.email && <SecurityCard email={profile.email} />}
      <LinkedAccounts />
      <GamesList />
      <FavoritesList />
      <DataManagementCard />
    </>
  );
}
