import {
  type Actor,
  type CompanyMemberRole,
  entitlementsOf,
  permissionsForRole,
  personalPermissions,
} from "@vn/contract";

/**
 * Jane, a verified person on the basic plan, acting as herself (role null) or for Acme, a company
 * not verified yet, in `role`: the Actor the web's rules are asked about.
 */
export function janeActing(role: CompanyMemberRole | null): Actor {
  return {
    userId: "user-1",
    userStatus: "active",
    profileId: role ? "company-1" : "person-1",
    profileSlug: role ? "acme" : "jane",
    profileType: role ? "company" : "user",
    ownProfileId: "person-1",
    companyRole: role,
    permissions: role ? permissionsForRole(role) : personalPermissions(),
    verificationStatus: "not_verified",
    personVerificationStatus: "verified",
    staffRole: null,
    entitlements: entitlementsOf({ owner: role ? "company" : "user", tier: "basic" }),
    actingProfileLost: false,
  };
}
