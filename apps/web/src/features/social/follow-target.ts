/**
 * Whether a profile in a list gets a Follow button: only for someone signed in, and never on the
 * profile they act as (the API refuses following oneself: "Could not follow the profile").
 */
export function showsFollowButton(
  viewer: { id: string; slug: string } | null | undefined,
  profile: { id: string; slug: string },
): boolean {
  if (!viewer) return false;
  return viewer.id !== profile.id && viewer.slug.toLowerCase() !== profile.slug.toLowerCase();
}
