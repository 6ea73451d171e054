import type { drizzleAdapter } from "better-auth/adapters/drizzle";
import { sessionTokenDigest } from "../../policy/token";

/**
 * Session tokens at rest (issue 11): the `sessions.token` column holds the SHA-256 of the token
 * (policy/token.ts sessionTokenDigest), never the token, so a copy of the database (a backup, a
 * read-only leak) signs nobody in. The token itself lives only in the cookie or the client.
 *
 * better-auth 1.7.7 has no option for this, and its database hooks cannot do it: a `create.before`
 * hook may replace the token it stores, but better-auth then hands the stored value back to the
 * client (the cookie would carry the digest, which then works as the token), and lookups by token
 * (`findSession`, sign-out) run no hook at all. So this wraps its database adapter, the one place
 * every session read and write passes:
 * - a session row is created with the digest; the caller gets its row back with the token it made;
 * - every query on the session model that names `token` (find, update, delete, count…) names the
 *   digest instead, so the cookie's token finds its row;
 * - a row found by its token comes back with that token (better-auth re-signs cookies with it).
 * Rows found otherwise (by user, to list sessions) carry the digest, which is no token: revoking
 * one by that value finds nothing. Those better-auth routes (list/revoke sessions) are not on the
 * HTTP whitelist (auth-routes.ts); our own code ends sessions by id or user.
 * The API's own lookup (policy/actor.ts) digests the presented token the same way.
 */

type AdapterFactory = ReturnType<typeof drizzleAdapter>;
type Adapter = ReturnType<AdapterFactory>;
interface WhereClause {
  field: string;
  value: unknown;
  operator?: string;
}
type Row = Record<string, unknown> | null | undefined;

const SESSION_MODELS = new Set(["session", "sessions"]);
/** Adapter methods that take `{ model, where }`. */
const FILTERED = [
  "findOne",
  "findMany",
  "update",
  "updateMany",
  "delete",
  "deleteMany",
  "count",
  "consumeOne",
  "incrementOne",
] as const;

function digestValue(value: unknown): unknown {
  if (typeof value === "string") return sessionTokenDigest(value);
  if (Array.isArray(value)) return value.map(digestValue);
  return value;
}

/** Raw tokens named in a where clause, by their digest. */
function tokensOf(where: WhereClause[] | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const clause of where ?? []) {
    if (clause.field !== "token") continue;
    for (const raw of Array.isArray(clause.value) ? clause.value : [clause.value]) {
      if (typeof raw === "string") out.set(sessionTokenDigest(raw), raw);
    }
  }
  return out;
}

function restoreRow(row: Row, tokens: Map<string, string>): Row {
  if (!row || typeof row.token !== "string") return row;
  const raw = tokens.get(row.token);
  return raw ? { ...row, token: raw } : row;
}

function restore(result: unknown, tokens: Map<string, string>): unknown {
  if (tokens.size === 0) return result;
  if (Array.isArray(result)) return result.map((row) => restoreRow(row as Row, tokens));
  if (result && typeof result === "object") return restoreRow(result as Row, tokens);
  return result;
}

function wrap(adapter: Adapter): Adapter {
  const target = adapter as unknown as Record<string, unknown>;
  const wrapped: Record<string, unknown> = {
    ...target,
    transaction: (callback: (trx: Adapter) => Promise<unknown>) =>
      adapter.transaction((trx) => callback(wrap(trx as Adapter)) as never),
    create: async (args: { model: string; data: Record<string, unknown> }) => {
      const raw = args.data?.token;
      if (!SESSION_MODELS.has(args.model) || typeof raw !== "string") return adapter.create(args as never);
      const row = (await adapter.create({
        ...args,
        data: { ...args.data, token: sessionTokenDigest(raw) },
      } as never)) as Row;
      return row ? { ...row, token: raw } : row;
    },
  };
  for (const name of FILTERED) {
    const method = target[name];
    if (typeof method !== "function") continue;
    wrapped[name] = async (args: {
      model: string;
      where?: WhereClause[];
      update?: Record<string, unknown>;
    }) => {
      if (!SESSION_MODELS.has(args.model)) return method.call(adapter, args);
      const tokens = tokensOf(args.where);
      const where = args.where?.map((clause) =>
        clause.field === "token" ? { ...clause, value: digestValue(clause.value) } : clause,
      );
      const update =
        args.update && typeof args.update.token === "string"
          ? { ...args.update, token: sessionTokenDigest(args.update.token) }
          : args.update;
      const result = await method.call(adapter, {
        ...args,
        ...(where ? { where } : {}),
        ...(update ? { update } : {}),
      });
      return restore(result, tokens);
    };
  }
  return wrapped as unknown as Adapter;
}

/** better-auth's database adapter, storing session tokens only as their digest. */
export function withHashedSessionTokens(factory: AdapterFactory): AdapterFactory {
  return ((options: Parameters<AdapterFactory>[0]) => wrap(factory(options))) as AdapterFactory;
}
