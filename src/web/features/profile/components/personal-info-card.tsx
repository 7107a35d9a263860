import type { ProfileInput } from "@shared/schemas/profile";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Pencil, Save, UserRound } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { ProfileView } from "@/lib/api-contract";
import { lazyZodResolver } from "@/lib/lazy-zod-resolver";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { meQuery } from "@/lib/session";
import { ApiError } from "@/lib/api";
import { profileKey, saveProfile } from "../api";
import { ProfileCardTitle } from "./profile-card-title";

/** The form's validation, with the server's schema; its code loads on the first validation (issue 21). */
const profileResolver = lazyZodResolver(() => import("@shared/schemas/profile").then((m) => m.profileSchema));

const toForm = (p: ProfileView): ProfileInput => ({ nickname: p.nickname ?? "", firstName: p.firstName ?? "", lastName: p.lastName ?? "" });

/**
 * Personal info card (spec §2 Profile, §4 Profile: read-only → editable after 'Modifica' →
 * saved after 'Salva'): e-mail read-only, nickname, Nome, Cognome. Success: 'Profilo
 * aggiornato' (3 s, spec §9). A taken nickname: 'Questo nickname è già in uso. Scegline un
 * altro.' under the field and in a toast; any other failure: 'Impossibile aggiornare il profilo'.
 */
export function PersonalInfoCard({ profile }: { profile: ProfileView }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const form = useForm<ProfileInput>({ resolver: profileResolver, values: toForm(profile), resetOptions: { keepDirtyValues: true } });
  const { errors } = form.formState;

  const save = useMutation({
    mutationFn: saveProfile,
    onSuccess: async (saved) => {
      queryClient.setQueryData(profileKey, saved);
      await queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
      setEditing(false);
      toast.success("Profilo aggiornato", { duration: 3000 });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === "NICKNAME_TAKEN") {
        form.setError("nickname", { message: error.message });
        toast.error("Errore", { description: error.message });
      } else if (error instanceof ApiError && error.status === 400) {
        toast.error("Errore", { description: error.message });
      } else {
        toast.error("Errore", { description: "Impossibile aggiornare il profilo" });
      }
    },
  });

  const onSubmit = form.handleSubmit((input) => save.mutate(input));
  const field = (name: keyof ProfileInput, id: string, label: string, autoComplete: string) => (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        readOnly={!editing}
        autoComplete={autoComplete}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-errore` : undefined}
        className={!editing ? "border-transparent bg-secondary/40" : undefined}
        {...form.register(name)}
      />
      {errors[name] && (
        <p id={`${id}-errore`} className="text-sm text-red-300">
          {errors[name]?.message}
        </p>
      )}
    </div>
  );

  return (
    <Card>
      <CardHeader>
        <ProfileCardTitle icon={UserRound}>Informazioni personali</ProfileCardTitle>
        <CardDescription>I dati che gli altri giocatori vedono accanto alle tue immagini.</CardDescription>
        <CardAction>
          {editing ? (
            // Distinct keys: reusing the 'Modifica' element as a submit button would submit on its own click.
            <Button key="salva" type="submit" form="profilo-form" size="sm" disabled={save.isPending}>
              {save.isPending ? <Spinner /> : <Save aria-hidden="true" />}
              Salva
            </Button>
          ) : (
            <Button key="modifica" type="button" size="sm" variant="outline" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" />
              Modifica
            </Button>
          )}
        </CardAction>
      </CardHeader>
      <CardContent>
        <form id="profilo-form" onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-2 sm:col-span-2">
            <Label htmlFor="profilo-email">Email</Label>
            <Input id="profilo-email" value={profile.email ?? "Ospite"} readOnly className="border-transparent bg-secondary/40" />
          </div>
          <div className="sm:col-span-2">{field("nickname", "profilo-nickname", "Nickname", "nickname")}</div>
          {field("firstName", "profilo-nome", "Nome", "given-name")}
          {field("lastName", "profilo-cognome", "Cognome", "family-name")}
          {editing && (
            <div className="sm:col-span-2">
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={() => {
                  form.reset(toForm(profile));
                  setEditing(false);
                }}
              >
                Annulla
              </Button>
            </div>
          )}
        </form>
      </CardContent>
    </Card>
  );
}
