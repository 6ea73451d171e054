/**
 * Where a database handle's statements marked `generic` run (db/prepared.ts): on PostgreSQL,
 * db/client.ts registers a second handle whose sessions plan generically (decision 0031). A
 * transaction's handle has none, so its statements stay in it. Kept apart from both files so
 * neither imports the other.
 */
const genericHandleOf = new WeakMap<object, object>();

export function runGenericOn<T extends object>(db: T, genericDb: T): void {
  genericHandleOf.set(db, genericDb);
}

export function genericHandleFor<T extends object>(db: T): T | undefined {
  return genericHandleOf.get(db) as T | undefined;
}
