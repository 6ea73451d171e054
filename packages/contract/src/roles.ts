import {
  type CompanyMemberRole,
  type PermissionScope,
  type PermissionValue,
  permissionScopes,
} from "./enums";

/**
 * Company roles → permission scopes (product-decisions.md). The only place roles map to scopes.
 * A person acting as themselves holds `all` on every scope of their own account.
 */
export type Permissions = Record<PermissionScope, PermissionValue>;

const contentScopes: readonly PermissionScope[] = [
  "posts",
  "responses",
  "releases",
  "insights",
  "statements",
  "videos",
  "podcasts",
  "recordings",
  "documents",
  "events",
  "reposts",
  "comments",
  "topics",
];

function fill(value: PermissionValue): Permissions {
  return Object.fromEntries(permissionScopes.map((scope) => [scope, value])) as Permissions;
}

export function permissionsForRole(role: CompanyMemberRole): Permissions {
  if (role === "owner") return fill("all");
  if (role === "manager") {
    const permissions = fill("none");
    for (const scope of [...contentScopes, "follows", "chats", "analytics"] as const)
      permissions[scope] = "all";
    permissions.employees = "manage";
    return permissions;
  }
  const permissions = fill("none");
  for (const scope of ["posts", "responses", "comments", "reposts"] as const) permissions[scope] = "manage";
  return permissions;
}

/** A person's permissions over their own personal account. */
export function personalPermissions(): Permissions {
  return fill("all");
}

/** Owners and managers run the company account (the session's isManager flag). */
export function isManagerRole(role: CompanyMemberRole | null | undefined): boolean {
  return role === "owner" || role === "manager";
}
