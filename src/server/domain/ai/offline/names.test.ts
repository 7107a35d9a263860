/** People named in a premise, with the gender of their first name (issue 38 §3). */

import { describe, expect, it } from "vitest";
import { genderOfFirstName, peopleNamedIn } from "./names";

describe("peopleNamedIn", () => {
  it("finds first name + surname pairs, in order, once each", () => {
    expect(
      peopleNamedIn("Il tuo socio Samuele Bertoli è sparito. Agnese Sartori, la sua segretaria, giura di non sapere nulla di Samuele Bertoli."),
    ).toEqual([
      { name: "Samuele Bertoli", gender: "m" },
      { name: "Agnese Sartori", gender: "f" },
    ]);
  });

  it("does not take places, titles, sentence openings or streets for people", () => {
    expect(peopleNamedIn("La Torre Nera domina Piazza Navona. Nel Regno di Mezzo abita il Signor Nessuno, in via Giuseppe Verdi.")).toEqual([]);
    expect(peopleNamedIn("nessun nome qui, solo Roma e la notte")).toEqual([]);
  });
});

describe("genderOfFirstName", () => {
  it("follows the -a/-o rule with the common exceptions", () => {
    expect(["Giulia", "Nadia", "Beatrice", "Agnese", "Noemi", "Ester"].map(genderOfFirstName)).toEqual(["f", "f", "f", "f", "f", "f"]);
    expect(["Marco", "Samuele", "Andrea", "Luca", "Nicola", "Giovanni", "Victor"].map(genderOfFirstName)).toEqual(["m", "m", "m", "m", "m", "m", "m"]);
  });
});
