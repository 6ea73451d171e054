import type { SessionUser, StaffRole } from "@vn/contract";
import { notFound } from "next/navigation";
import { cache } from "react";
import { isTransientFailure, serverGet } from "@/features/content/server-api";
import { api } from "@/lib/api-client";

export interface StaffSession {
  user: SessionUser;
  role: StaffRole;
}

/**
 * The staff member behind this request, read once per render (the layout and its page share it).
 * Anyone else — a visitor, a person without a staff role, staff without their second factor (the
 * API answers staffRole null for them) — gets the app's 404: the back-office is invisible, never
 * forbidden. An API that cannot answer is an error, not a 404.
 */
export const currentStaff = cache(async (): Promise<StaffSession> => {
  const me = await serverGet(api.accounts.me);
  if (isTransientFailure(me)) throw new Error(`the session could not be read (${me.status})`);
  const role = me.data?.staffRole ?? null;
  if (!me.data || !role) notFound();
  return { user: me.data, role };
});

/** For the admin-only pages: a moderator hears 404 as everyone else does. */
export async function currentAdmin(): Promise<StaffSession> {
  const staff = await currentStaff();
  if (staff.role !== "admin") notFound();
  return staff;
}
