/**
 * The cards of /profilo below its header and stats (spec §2 Profile, §8): personal info,
 * 'Sicurezza' (registered players only, issue 10), 'Abbonamento' (issue 41), linked accounts, 'Notifiche sul telefono' (issue 39), the player's games, their
 * saved templates and data management. The profile page loads this module on its own (issue 21):
 * their forms, dialogs and the sign-in client are not needed to paint the page the server
 * rendered, and React hydrates the cards once their code has arrived.
 */

import type { ReactNode } from "react";
import type { ProfileView } from "@/lib/api-contract";
import { useHydratedHere } from "@/lib/use-hydrated";
import { DataManagementCard } from "./data-management-card";
import { FavoritesList } from "./favorites-list";
import { GamesList } from "./games-list";
import { LinkedAccounts } from "./linked-accounts";
import { PersonalInfoCard } from "./personal-info-card";
import { PushCard } from "./push/push-card";
import { SecurityCard } from "./security/security-card";
import { SubscriptionCard } from "./subscription-card";

/**
 * Input: the cards. Output: them in a fieldset, disabled until React has hydrated this part: React
 * drops a press on a part whose code has not arrived, so a button that cannot answer yet must look
 * it rather than swallow the tap. Links work throughout (the browser follows them). Only the
 * fieldset renders again when it turns ready: the cards it holds are the same elements.
 */
function DisabledUntilHydrated({ children }: { children: ReactNode }) {
  const ready = useHydratedHere();
  return (
    <fieldset disabled={!ready} className="m-0 flex min-w-0 flex-col gap-6 border-0 p-0">
      {children}
    </fieldset>
  );
}

/** Input: the player's profile (GET /api/profile). Output: the cards, in the spec's order. */
export default function ProfileSections({ profile }: { profile: ProfileView }) {
  return (
    <DisabledUntilHydrated>
      <PersonalInfoCard profile={profile} />
      {profile.email && <SubscriptionCard />}
      {profile.email && <SecurityCard email={profile.email} />}
      <LinkedAccounts />
      <PushCard />
      <GamesList />
      <FavoritesList />
      <DataManagementCard erasure={profile.erasure} />
    </DisabledUntilHydrated>
  );
}
