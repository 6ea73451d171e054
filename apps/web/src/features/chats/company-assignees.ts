import type { TeamMember } from "@vn/contract";

export interface Assignee {
  userId: string;
  name: string;
}

/** Roles that hold the `chats` scope in a company (employees do not; policy.ts). */
const CHAT_ROLES: readonly TeamMember["role"][] = ["owner", "manager"];

/**
 * Whom a company inbox's conversation can go to: the members holding `chats` (the people tab's
 * owners and managers), oneself even when the people tab is closed to one (no `employees` scope),
 * and the current assignee so the choice shows what is set. Once each, by name.
 */
export function assigneeOptions(
  people: readonly TeamMember[],
  me: Assignee | null,
  current: Assignee | null,
): Assignee[] {
  const byId = new Map<string, Assignee>();
  for (const person of [me, current]) if (person) byId.set(person.userId, person);
  for (const member of people) {
    if (CHAT_ROLES.includes(member.role))
      byId.set(member.userId, { userId: member.userId, name: member.name });
  }
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}
