/**
 * Whole numbers read from a query string or a header (paging: ?limit, ?page, ?pageSize;
 * Last-Event-ID). Issue 19: '?limit=abc' and '?limit=1000' answer one clear Italian sentence
 * naming the parameter and its range, not zod's fallback texts ('…ricevuto NaN',
 * '…number deve essere <=48').
 */

import { z } from "zod";

/**
 * Input: the parameter's name as the request spells it, its smallest and largest value and its
 * value when absent. Output: a zod schema of a whole number in [min, max], coercing the text;
 * every failure has the message 'Il parametro «name» deve essere un numero intero da min a max.'.
 */
export function queryInteger(name: string, min: number, max: number, fallback: number) {
  const error = `Il parametro «${name}» deve essere un numero intero da ${min} a ${max.toLocaleString("it-IT")}.`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error }).default(fallback);
}
