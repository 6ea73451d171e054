import type { BusinessBadge } from "@vn/contract";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rowsOf } from "./pages";

/**
 * The transparent business badge (issue 14, item 3): what the latest accepted KYB transaction of
 * each verified company established — registration number and country, the directors who
 * confirmed as verified people, and when the registry decided. One query for any number of
 * companies (the profile page asks for one, search for a page of hits).
 */
export async function businessBadges(
  db: Db,
  companyIds: readonly string[],
): Promise<Map<string, BusinessBadge>> {
  const badges = new Map<string, BusinessBadge>();
  if (companyIds.length === 0) return badges;
  const ids = sql.join(
    companyIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await rowsOf<{
    company_id: string;
    registration_number: string;
    country: string;
    decided_at: Date | string;
    directors: number | string;
  }>(
    db,
    sql`SELECT DISTINCT ON (t.company_id) t.company_id, t.registration_number, t.country, t.decided_at,
          (SELECT count(*) FROM company_invites i
            WHERE i.kyb_transaction_id = t.id AND i.kind = 'officer' AND i.status = 'accepted') AS directors
        FROM kyb_transactions t
        JOIN profiles p ON p.id = t.company_id AND p.verification_status = 'verified'
        WHERE t.company_id IN (${ids}) AND t.status = 'accepted'
          AND t.registration_number IS NOT NULL AND t.country IS NOT NULL AND t.decided_at IS NOT NULL
        ORDER BY t.company_id, t.decided_at DESC`,
  );
  for (const row of rows) {
    badges.set(row.company_id, {
      registrationNumber: row.registration_number,
      country: row.country,
      verifiedDirectors: Number(row.directors),
      checkedAt: new Date(row.decided_at).toISOString(),
    });
  }
  return badges;
}
