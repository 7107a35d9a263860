/**
 * Italian typography for the book (issue 13 "The story as a book"): what a narration typed with
 * a keyboard needs before it is set as prose in the EPUB, the PDF and the public reading page.
 *
 * - double quotes (straight "…", curly “…”, low „…") → caporali «…», with no space inside them;
 * - a spaced hyphen or en dash (" - ", " – "), a double hyphen ("--") and a hyphen opening a
 *   line of dialogue ("- Chi va là?") → em dash "—" (normal spaces around it, as Italian sets
 *   the incisi: «— Chi va là? — chiese»);
 * - "..." → "…";
 * - apostrophes: a straight ' after a letter or digit (l'uomo, po', '80) → ’; a straight ' opening a
 *   word → ‘ (as an opening single quote);
 * - no-break spaces (U+00A0): between a number and its unit or currency (10 km, 5 €, € 5, 3 %),
 *   and after the abbreviations that must not end a line (pag. 3, n. 5, sig. Rossi, dott., prof.…);
 * - runs of spaces → one space.
 *
 * Pure and idempotent: italianTypography(italianTypography(x)) === italianTypography(x), so text
 * already set (or typed with the right characters) is left as it is.
 */

/** U+00A0 NO-BREAK SPACE. */
export const NBSP = "\u00A0";

/** Characters after which a double quote opens a quotation. */
const OPENS_AFTER = /[\s([{«—–‘/]/;

/** Letters and digits, Italian accented letters included. */
const WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * Units and currencies that stay on the line of their number (10 km, 30 °C, 5 €, 3 %).
 * Longest first so "km" is tried before "m".
 */
const UNITS = ["km/h", "km", "cm", "mm", "m²", "m³", "m", "kg", "mg", "g", "hg", "q", "t", "ml", "cl", "dl", "l", "°C", "°", "%", "€", "$", "£", "h", "min", "s", "ore", "anni", "metri", "chilometri", "euro", "lire"];
const UNIT_AFTER_NUMBER = new RegExp(`(\\d)[ \\u00A0]+(${UNITS.map(escapeRegExp).join("|")})(?![\\p{L}\\p{N}])`, "gu");
/** A currency sign before its amount: "€ 5" → "€ 5" with a no-break space. */
const CURRENCY_BEFORE_NUMBER = /([€$£])[ \u00A0]+(?=\d)/g;

/** Abbreviations (written with their final dot) after which the space never breaks (pag. 3, n. 5, sig. Rossi). */
const ABBREVIATIONS = ["pag", "pagg", "p", "pp", "n", "nn", "sig", "sigg", "dott", "prof", "avv", "ing", "arch", "geom", "on", "mons", "cap", "art", "artt", "vol", "voll", "fig", "tab", "cfr", "ca", "S", "SS", "sez", "par"];
const ABBREVIATION_SPACE = new RegExp(`(^|[^\\p{L}\\p{N}.])(${ABBREVIATIONS.join("|")})\\.[ \\u00A0]+(?=[\\p{L}\\p{N}«])`, "giu");
/** Feminine abbreviations, which end with letters: sig.ra Rossi, dott.ssa Bianchi. */
const FEMININE_ABBREVIATION_SPACE = /(^|[^\p{L}\p{N}.])(sig\.ra|sig\.na|dott\.ssa|prof\.ssa|avv\.ta)[ \u00A0]+(?=[\p{L}])/giu;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Straight and curly double quotes → « », decided by what surrounds each quote: after a space or
 * an opening bracket it opens, unless a quotation is open and a space or the end follows it
 * (« aiuto " → closes); otherwise it closes.
 */
function caporali(text: string): string {
  let out = "";
  let open = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    let quote: "«" | "»" | null = null;
    if (ch === "“" || ch === "„") quote = "«";
    else if (ch === "”") quote = "»";
    else if (ch === '"') {
      const before = i === 0 ? "" : text[i - 1]!;
      const after = text[i + 1] ?? "";
      const opens = before === "" || OPENS_AFTER.test(before);
      quote = opens && !(open && (after === "" || /\s/.test(after))) ? "«" : "»";
    }
    if (quote === null) out += ch;
    else {
      out += quote;
      open = quote === "«";
    }
  }
  // Italian sets no space inside caporali: « testo » → «testo».
  return out.replace(/«[ \u00A0]+/g, "«").replace(/[ \u00A0]+»/g, "»");
}

/** Hyphens and en dashes used as dashes → em dash. */
function emDashes(text: string): string {
  return (
    text
      // "--" anywhere (not part of a longer rule such as "---").
      .replace(/(?<!-)--(?!-)/g, "—")
      // A hyphen or en dash standing alone between spaces (or at a line start before a space).
      .replace(/(^|[ \u00A0])[-–](?=[ \u00A0])/gm, "$1—")
      // A hyphen opening a line of dialogue directly before a word: "-Chi va là?" → "— Chi va là?".
      .replace(/^([ \u00A0]*)-(?=[\p{L}«])/gmu, "$1— ")
      // A dash after an opening quote: «- Chi è? → «— Chi è?
      .replace(/«[-–](?=[ \u00A0\p{L}])/gu, "«—")
  );
}

/** Straight single quotes → ’ (apostrophe, closing quote) or ‘ (opening quote). */
function apostrophes(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch !== "'") {
      out += ch;
      continue;
    }
    const before = i === 0 ? "" : text[i - 1]!;
    const after = text[i + 1] ?? "";
    if (WORD_CHAR.test(before) || /[.,;:!?…»)’]/.test(before)) out += "’";
    else if (after === "" || !WORD_CHAR.test(after)) out += "’";
    // Before a two-digit year ('80) it is an elision, not a quotation.
    else if (/^\d\d(?!\d)/.test(text.slice(i + 1, i + 4))) out += "’";
    else out += "‘";
  }
  return out;
}

/** No-break spaces where Italian must not break a line. */
function noBreakSpaces(text: string): string {
  return text
    .replace(UNIT_AFTER_NUMBER, `$1${NBSP}$2`)
    .replace(CURRENCY_BEFORE_NUMBER, `$1${NBSP}`)
    .replace(ABBREVIATION_SPACE, `$1$2.${NBSP}`)
    .replace(FEMININE_ABBREVIATION_SPACE, `$1$2${NBSP}`);
}

/**
 * Sets a text with Italian typography (see the module comment for every rule).
 * Input: plain text (no markup; line breaks kept). Output: the typeset text. Idempotent; never throws.
 */
export function italianTypography(text: string): string {
  let out = text.replace(/\r\n?/g, "\n");
  out = out.replace(/\.{3}/g, "…");
  out = caporali(out);
  out = emDashes(out);
  out = apostrophes(out);
  out = out.replace(/[ \t]{2,}/g, " ");
  out = noBreakSpaces(out);
  return out;
}
