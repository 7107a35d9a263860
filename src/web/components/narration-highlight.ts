/**
 * The sentence being read aloud, highlighted in the narration that holds it (issue 13, Listen).
 * Whoever reads (the game page's 'Ascolta') sets it; every <Narration> whose text it belongs to
 * marks it. The mark is made on the rendered markdown tree (a rehype plugin): text nodes are split
 * and the sentence's parts wrapped in <mark> elements, so nothing is ever parsed as HTML.
 */

import type { Element, ElementContent, Root, Text } from "hast";
import { useSyncExternalStore } from "react";

/** A sentence being spoken. */
export interface SpokenSentence {
  /** The beginning of the narration it belongs to (markdown as the narrator wrote it, no leading space). */
  source: string;
  /** The sentence as the page shows it. */
  text: string;
  /** About how many non-space characters of the shown narration come before it (search start). */
  hint: number;
}

let current: SpokenSentence | null = null;
const listeners = new Set<() => void>();

/** Sets (or, with null, clears) the sentence being spoken; narrations showing it render again. */
export function setSpokenSentence(sentence: SpokenSentence | null): void {
  if (sentence === current) return;
  current = sentence;
  for (const listener of listeners) listener();
}

const snapshot = () => current;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Input: a narration's markdown. Output: the sentence being spoken when it belongs to this
 * narration (the narration starts with its source, so a narration still being written and its
 * stored copy both match), else null.
 */
export function useSpokenSentence(text: string): SpokenSentence | null {
  const sentence = useSyncExternalStore(subscribe, snapshot, snapshot);
  return sentence && text.trimStart().startsWith(sentence.source) ? sentence : null;
}

/** Class of the highlight on the dark card (white text stays above 7:1), underlined too; no layout shift. */
const MARK_CLASS = "rounded-sm bg-amber-400/30 text-inherit underline decoration-amber-300 decoration-2 underline-offset-4 box-decoration-clone";

interface Slot {
  node: Text;
  parent: Root | Element;
}

/**
 * rehype plugin. Input (options): the spoken sentence. It finds the sentence's non-space
 * characters in the tree's text (from `hint` on, else from the start) and wraps the matching part
 * of each text node in <mark data-spoken>. A sentence that is not found changes nothing.
 */
export function rehypeMarkSentence(sentence: SpokenSentence) {
  return (tree: Root) => {
    const slots: Slot[] = [];
    const walk = (parent: Root | Element) => {
      for (const child of parent.children) {
        if (child.type === "text") slots.push({ node: child, parent });
        else if (child.type === "element") walk(child);
      }
    };
    walk(tree);
    // Every non-space character of the text, with the node and offset it comes from.
    let letters = "";
    const where: [slot: number, offset: number][] = [];
    slots.forEach(({ node }, slot) => {
      for (let offset = 0; offset < node.value.length; offset++) {
        const c = node.value[offset]!;
        if (/\s/.test(c)) continue;
        letters += c;
        where.push([slot, offset]);
      }
    });
    const needle = sentence.text.replace(/\s+/g, "");
    if (!needle) return;
    let at = letters.indexOf(needle, Math.min(sentence.hint, letters.length));
    if (at === -1) at = letters.indexOf(needle);
    if (at === -1) return;
    // The range to mark in each text node touched, [from, to).
    const ranges = new Map<number, [number, number]>();
    for (let k = at; k < at + needle.length; k++) {
      const [slot, offset] = where[k]!;
      const range = ranges.get(slot);
      ranges.set(slot, range ? [range[0], offset + 1] : [offset, offset + 1]);
    }
    // The spaces between the sentence's parts are marked too (one continuous highlight).
    const touched = [...ranges.keys()];
    const first = touched[0];
    const last = touched.at(-1);
    // From the last node back, so earlier positions in a shared parent stay valid.
    for (const [slot, range] of [...ranges].reverse()) {
      const { node, parent } = slots[slot]!;
      const from = slot === first ? range[0] : 0;
      const to = slot === last ? range[1] : node.value.length;
      const parts: ElementContent[] = [];
      if (from > 0) parts.push({ type: "text", value: node.value.slice(0, from) });
      parts.push({ type: "element", tagName: "mark", properties: { dataSpoken: "", className: MARK_CLASS.split(" ") }, children: [{ type: "text", value: node.value.slice(from, to) }] });
      if (to < node.value.length) parts.push({ type: "text", value: node.value.slice(to) });
      const index = parent.children.indexOf(node);
      (parent.children as ElementContent[]).splice(index, 1, ...parts);
    }
  };
}
