import { accountsEndpoints } from "./accounts";
import { backofficeEndpoints } from "./backoffice";
import { billingEndpoints } from "./billing";
import { chatsEndpoints } from "./chats";
import { commentsEndpoints } from "./comments";
import { companiesEndpoints } from "./companies";
import { contentEndpoints } from "./content";
import type { EndpointDefinition } from "./define";
import { devEndpoints } from "./dev";
import { formsEndpoints } from "./forms";
import { healthEndpoints } from "./health";
import { insightsEndpoints } from "./insights";
import { kybEndpoints } from "./kyb";
import { linksEndpoints } from "./links";
import { mediaEndpoints } from "./media";
import { moderationEndpoints } from "./moderation";
import { notificationsEndpoints } from "./notifications";
import { onboardingEndpoints } from "./onboarding";
import { profilesEndpoints } from "./profiles";
import { realtimeEndpoints } from "./realtime";
import { searchEndpoints } from "./search";
import { socialEndpoints } from "./social";
import { teamsEndpoints } from "./teams";
import { verificationEndpoints } from "./verification";

/**
 * The endpoint table: every HTTP route of the API, grouped by domain. The API registers its
 * routes and the OpenAPI document from it; the web's typed client calls it; the authorization
 * matrix test walks it. A route that is not here does not exist.
 */
export const endpoints = {
  health: healthEndpoints,
  dev: devEndpoints,
  accounts: accountsEndpoints,
  companies: companiesEndpoints,
  profiles: profilesEndpoints,
  content: contentEndpoints,
  social: socialEndpoints,
  comments: commentsEndpoints,
  search: searchEndpoints,
  notifications: notificationsEndpoints,
  forms: formsEndpoints,
  media: mediaEndpoints,
  realtime: realtimeEndpoints,
  verification: verificationEndpoints,
  billing: billingEndpoints,
  insights: insightsEndpoints,
  teams: teamsEndpoints,
  kyb: kybEndpoints,
  links: linksEndpoints,
  chats: chatsEndpoints,
  moderation: moderationEndpoints,
  backoffice: backofficeEndpoints,
  onboarding: onboardingEndpoints,
} as const;

export type Endpoints = typeof endpoints;

export interface ListedEndpoint {
  /** "<group>.<name>", the OpenAPI operationId. */
  id: string;
  endpoint: EndpointDefinition;
}

/** Every row of the table with its id, in table order. */
export const endpointList: readonly ListedEndpoint[] = Object.entries(endpoints).flatMap(([group, rows]) =>
  Object.entries(rows as Record<string, EndpointDefinition>).map(([name, endpoint]) => ({
    id: `${group}.${name}`,
    endpoint,
  })),
);

const ids = new Map<EndpointDefinition, string>(endpointList.map((row) => [row.endpoint, row.id]));

/** The id ("comments.create") of a row of the table. */
export function endpointId(endpoint: EndpointDefinition): string {
  const id = ids.get(endpoint);
  if (!id) throw new Error(`Endpoint ${endpoint.method} ${endpoint.path} is not in the endpoint table`);
  return id;
}
