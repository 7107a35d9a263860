/**
 * 'Notifiche sul telefono' in Profilo (issue 39): a switch turning this browser's pushes on (the
 * Notification permission, the service worker, the subscription sent to the server) or off (the
 * subscription deleted here and on the server), and one checkbox per kind of push, saved at once.
 */

import { PUSH_KINDS, PUSH_TEXTS, type PushKind } from "@shared/push-kinds";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { BellRing } from "lucide-react";
import { useEffect, useState } from "react";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { ApiError } from "@/lib/api";
import { toast } from "@/lib/toast";
import { cn } from "@/lib/utils";
import { ProfileCardTitle } from "../profile-card-title";
import { currentSubscription, pushPreferencesKey, pushPreferencesQuery, PushRefused, pushSupported, savePushPreferences, turnPushOff, turnPushOn } from "./push-api";

/** The switch's state: not known yet, unsupported browser, on or off. */
type PushState = "checking" | "unsupported" | "on" | "off";

/** The message of a failed switch, in Italian. */
function failure(error: unknown): string {
  if (error instanceof PushRefused || error instanceof ApiError) return error.message;
  return "Non è stato possibile attivare le notifiche su questo browser.";
}

/** Output: the card. */
export function PushCard() {
  const [state, setState] = useState<PushState>("checking");
  useEffect(() => {
    if (!pushSupported()) return setState("unsupported");
    currentSubscription().then(
      (subscription) => setState(subscription ? "on" : "off"),
      () => setState("off"),
    );
  }, []);
  const toggle = useMutation({
    mutationFn: (on: boolean) => (on ? turnPushOn() : turnPushOff()),
    onSuccess: (_, on) => {
      setState(on ? "on" : "off");
      toast.success(on ? "Notifiche attivate" : "Notifiche disattivate");
    },
    onError: (error) => toast.error("Notifiche sul telefono", { description: failure(error) }),
  });
  const on = state === "on";
  return (
    <Card>
      <CardHeader>
        <ProfileCardTitle icon={BellRing} id="push-title">
          Notifiche sul telefono
        </ProfileCardTitle>
        <CardDescription>Ricevi un avviso su questo dispositivo quando tocca a te o succede qualcosa che ti riguarda, anche a sito chiuso.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {state === "unsupported" ? (
          <p className="text-sm text-muted-foreground">Questo browser non riceve notifiche. Sul telefono, aggiungi il sito alla schermata Home e aprilo da lì.</p>
        ) : (
          <div className="flex items-center justify-between gap-3 rounded-lg border p-4">
            <span id="push-switch-label" className="font-medium">
              Attiva le notifiche su questo dispositivo
            </span>
            <button
              type="button"
              role="switch"
              aria-checked={on}
              aria-labelledby="push-switch-label"
              disabled={state === "checking" || toggle.isPending}
              onClick={() => toggle.mutate(!on)}
              className={cn("relative h-6 w-11 shrink-0 rounded-full transition-colors disabled:opacity-50", on ? "bg-violet-500" : "bg-muted")}
            >
              <span className={cn("absolute top-0.5 left-0.5 size-5 rounded-full bg-white transition-transform", on && "translate-x-5")} />
            </button>
          </div>
        )}
        {on && <PushKinds />}
      </CardContent>
    </Card>
  );
}

/** One checkbox per kind of push, saved as soon as it changes. */
function PushKinds() {
  const queryClient = useQueryClient();
  const preferences = useQuery(pushPreferencesQuery);
  const save = useMutation({
    mutationFn: savePushPreferences,
    onSuccess: (saved) => queryClient.setQueryData(pushPreferencesKey, saved),
    onError: (error) => toast.error("Notifiche sul telefono", { description: error instanceof ApiError ? error.message : "Preferenze non salvate." }),
  });
  const current = save.isPending ? save.variables : preferences.data;
  const change = (kind: PushKind, value: boolean) => current && save.mutate({ ...current, [kind]: value });
  return (
    <fieldset className="flex flex-col gap-3" aria-labelledby="push-kinds-legend" disabled={!current || save.isPending}>
      <legend id="push-kinds-legend" className="mb-1 text-sm text-muted-foreground">
        Avvisami per:
      </legend>
      {PUSH_KINDS.map((kind) => (
        <div key={kind} className="flex items-center gap-2">
          <Checkbox id={`push-${kind}`} checked={current?.[kind] ?? false} onCheckedChange={(value) => change(kind, value === true)} />
          <Label htmlFor={`push-${kind}`}>{PUSH_TEXTS[kind].label}</Label>
        </div>
      ))}
    </fieldset>
  );
}
