import { RUNNING_VERSION } from "@/lib/version";

/**
 * The version of the build serving this request (spec §2 new page version). A page still running
 * an older bundle sees a different value here once a new build is deployed, and reloads.
 * Answered by the build itself (not a shared file in public/), so each build reports its own.
 */
export const dynamic = "force-static";

export function GET() {
  return Response.json(
    { version: RUNNING_VERSION },
    // Polled for new deployments; never from a cache.
    { headers: { "Cache-Control": "no-store, max-age=0" } },
  );
}
