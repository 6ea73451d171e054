import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rowsOf } from "../../shared/pages";

/**
 * The catch-up cursor's high-water mark (decision 0021, "catching up").
 *
 * Messages and changes are ordered by one global sequence, and nextval is not transactional: a
 * write that took seq 100 may commit after a write that took 101. A client that caught up while
 * 101 was visible and 100 was not would move its cursor past 100 and never see it. So every
 * transaction that takes a seq announces it until it ends, with advisory locks that PostgreSQL
 * releases by itself at commit or rollback (nothing to clean up after a crash):
 * - a shared "taking" lock, taken before nextval (a transaction between nextval and its seq lock
 *   is still seen: its seq is then unknown);
 * - an exclusive lock on the seq itself.
 * The catch-up reads the sequence's last value, then the locks in one scan, and answers a cursor
 * no higher than the seq before the lowest one still in flight.
 */

/** Advisory lock keys: "CH" << 48 plus the seq (seqs stay far below 2^48), and "CI" << 48. */
const SEQ_LOCK_BASE = 0x4348n << 48n;
const TAKING_LOCK = 0x4349n << 48n;
/** pg_locks splits a bigint key into classid (high 32 bits) and objid (low 32 bits). */
const SEQ_CLASS_PREFIX = 0x4348;
const TAKING_CLASS = Number(TAKING_LOCK >> 32n);

type Runner = Pick<Db, "execute">;

/** The next value of the one sequence that orders messages and changes, held as in flight. */
export async function takeSeq(db: Runner): Promise<number> {
  // The OFFSET 0 fences keep the order: the taking lock, then nextval, then the seq's own lock.
  const [row] = await rowsOf<{ seq: string | number }>(
    db as Db,
    sql`SELECT x.seq, pg_advisory_xact_lock(${SEQ_LOCK_BASE.toString()}::bigint + x.seq) AS held
          FROM (SELECT nextval(pg_get_serial_sequence('chat_messages', 'seq')) AS seq
                  FROM (SELECT pg_advisory_xact_lock_shared(${TAKING_LOCK.toString()}::bigint) OFFSET 0) taking
                OFFSET 0) x`,
  );
  return Number(row?.seq);
}

/**
 * The highest seq a catch-up may hand out as its cursor now: every seq up to it has committed or
 * will never appear. Read before the rows, so a write that commits in between only lowers nothing.
 */
export async function catchUpLimit(db: Db): Promise<number> {
  const [last] = await rowsOf<{ last: string | number | null }>(
    db,
    sql`SELECT pg_sequence_last_value(pg_get_serial_sequence('chat_messages', 'seq')::regclass) AS last`,
  );
  const [locks] = await rowsOf<{ lowest: string | number | null; unknown: string | number }>(
    db,
    sql`WITH held AS MATERIALIZED (
          SELECT pid, classid::bigint AS high, objid::bigint AS low FROM pg_locks
           WHERE locktype = 'advisory' AND objsubid = 1 AND granted
             AND database = (SELECT oid FROM pg_database WHERE datname = current_database()))
        SELECT (SELECT min(((high & 65535) << 32) + low) FROM held WHERE high >> 16 = ${SEQ_CLASS_PREFIX}) AS lowest,
               (SELECT count(*) FROM held t WHERE t.high = ${TAKING_CLASS} AND t.low = 0
                   AND NOT EXISTS (SELECT 1 FROM held s WHERE s.pid = t.pid AND s.high >> 16 = ${SEQ_CLASS_PREFIX})
               ) AS unknown`,
  );
  // A transaction between nextval and its seq lock: its seq is unknown, so nothing is certain.
  if (Number(locks?.unknown ?? 0) > 0) return 0;
  const limit = Number(last?.last ?? 0);
  const lowest = locks?.lowest === null || locks?.lowest === undefined ? null : Number(locks.lowest);
  return lowest === null ? limit : Math.min(limit, lowest - 1);
}
