/**
 * Issue 39: an admin edit reads in the audit log as Italian fields, never as raw JSON: every field
 * of the genre prompt, template and notification forms has its Italian name, text keeps its line
 * breaks, numbers are Italian, and with the version before only the changed fields are listed.
 */

import { describe, expect, it } from "vitest";
import { AUDIT_FIELD_LABELS } from "../../shared/audit-actions";
import { genrePromptSchema } from "../../shared/schemas/genre-prompt";
import { notificationSchema } from "../../shared/schemas/notification";
import { templateFormSchema } from "../../shared/schemas/template";
import { fieldsText, rejectedDetail, versionDetail } from "./admin-edit";

describe("an admin edit in the audit log", () => {
  it("names every field of the edited forms in Italian", () => {
    for (const schema of [genrePromptSchema, templateFormSchema, notificationSchema]) {
      expect(Object.keys(schema.shape).filter((key) => !(key in AUDIT_FIELD_LABELS))).toEqual([]);
    }
  });

  it("lists the fields that changed, text with its line breaks and numbers in Italian", () => {
    const before = { system_prompt: "Sei il narratore.", temperature: 0.7, forbidden_topics: ["gore"], max_tokens: 800 };
    const after = { system_prompt: "Sei il narratore.\nParla piano.", temperature: 0.75, forbidden_topics: ["gore", "politica"], max_tokens: 800 };
    expect(versionDetail("Prompt del genere Horror", 4, after, before)).toBe(
      "Prompt del genere Horror, versione 4\nPrompt di sistema:\nSei il narratore.\nParla piano.\nTemperatura: 0,75\nArgomenti vietati: gore, politica",
    );
    expect(fieldsText(before, before)).toBe("nessun campo cambiato");
  });

  it("keeps every value of a refused save, empty ones as 'Non impostato'", () => {
    const detail = rejectedDetail("template t1", 2, { title: "Il faro", special_instructions: null, story_cards: [] });
    expect(detail).toBe("template t1: modifica fatta sulla versione 2 e rifiutata (già modificato da un altro amministratore)\nTitolo: Il faro\nIstruzioni speciali: Non impostato\nCarte della storia: Nessuno");
    expect(detail).not.toMatch(/[{}"]/);
  });
});
