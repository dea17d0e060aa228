import type { Db } from "../../db/index.ts";

/**
 * The counters behind issued codes (order codes, sample IDs), one row of detection_sequences per kind and period.
 * `insert … on conflict do update … returning` takes the row lock, which holds until the caller's transaction
 * ends: two transactions never get the same number, and a rolled-back one gives its number back.
 */
export async function nextNumber(tx: Db, key: string, by = 1): Promise<number> {
  const [{ last }] = await tx.query<{ last: number }>(
    `insert into detection_sequences (key, last) values ($1, $2) on conflict (key) do update set last = detection_sequences.last + $2 returning last`,
    [key, by],
  );
  return Number(last);
}

/** The database server's date (YYYY-MM-DD): periods of codes follow one clock whichever API instance issues them. */
export async function serverDay(tx: Db): Promise<string> {
  const [{ today }] = await tx.query<{ today: string }>(`select to_char(current_date, 'YYYY-MM-DD') as today`);
  return today;
}
