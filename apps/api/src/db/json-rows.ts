import { getTableColumns, type InferSelectModel, type SQL, sql, type Table } from "drizzle-orm";

/**
 * Rows of a table sent back as JSON, so one statement can bring rows of several tables at once
 * (content-view.ts reads a page's owners, counts and media in one round trip instead of four).
 *
 * `jsonRowOf(table, alias)` is the SQL of one row as a JSON array of the table's own columns, in
 * the table definition's order (not `row_to_json`: that would carry columns drizzle does not
 * declare, such as the search vectors); `rowsFromJson(table, json_agg(...))` turns those arrays
 * back into the shape a drizzle select of the table gives: property names, and each value through
 * its column's own driver mapping (a timestamp's ISO text becomes a Date; jsonb stays as parsed).
 */
export function jsonRowOf(table: Table, alias: string): SQL {
  const columns = Object.values(getTableColumns(table)).map((column) => sql.raw(`${alias}."${column.name}"`));
  return sql`json_build_array(${sql.join(columns, sql`, `)})`;
}

export function rowsFromJson<T extends Table>(table: T, json: unknown): InferSelectModel<T>[] {
  if (!Array.isArray(json)) return [];
  const columns = Object.entries(getTableColumns(table));
  return json.map((values: unknown[]) => {
    const row: Record<string, unknown> = {};
    columns.forEach(([key, column], index) => {
      const value = values[index];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    });
    return row as InferSelectModel<T>;
  });
}
