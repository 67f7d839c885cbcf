/* eslint-disable */
import * as types from './graphql';



/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query MyCommunities {\n    myCommunities {\n      id\n      name\n      slug\n      description\n      logoUrl\n      brandColor\n      memberCount\n      viewerRole\n      visibility\n    }\n  }\n": typeof types.MyCommunitiesDocument,
    "\n  query Community($id: ID!) {\n    community(id: $id) {\n      id\n      name\n      slug\n      description\n      logoUrl\n      memberCount\n      viewerRole\n      visibility\n      joinPolicy\n      timeZone\n      currency\n      createdAt\n      brandColor\n      coverUrl\n      viewerCanEdit\n      viewerCanDelete\n    }\n  }\n": typeof types.CommunityDocument,
    "\n  query SlugAvailability($slug: String!) {\n    slugAvailability(slug: $slug) {\n      slug\n      available\n      reason\n    }\n  }\n": typeof types.SlugAvailabilityDocument,
    "\n  mutation CreateCommunity($input: CreateCommunityInput!) {\n    createCommunity(input: $input) {\n      id\n      name\n      slug\n      description\n      logoUrl\n      memberCount\n      viewerRole\n      visibility\n      joinPolicy\n      timeZone\n      currency\n      createdAt\n      brandColor\n      coverUrl\n      viewerCanEdit\n      viewerCanDelete\n    }\n  }\n": typeof types.CreateCommunityDocument,
    "\n  mutation UpdateCommunity($id: ID!, $input: UpdateCommunityInput!) {\n    updateCommunity(id: $id, input: $input) {\n      id\n      name\n      slug\n      description\n      logoUrl\n      memberCount\n      viewerRole\n      visibility\n      joinPolicy\n      timeZone\n      currency\n      createdAt\n      brandColor\n      coverUrl\n      viewerCanEdit\n      viewerCanDelete\n    }\n  }\n": typeof types.UpdateCommunityDocument,
    "\n  mutation DeleteCommunity($id: ID!, $confirmName: String!) {\n    deleteCommunity(id: $id, confirmName: $confirmName)\n  }\n": typeof types.DeleteCommunityDocument,
};
const documents: Documents = {
    "\n  query MyCommunities {\n    myCommunities {\n      id\n      name\n      slug\n      description\n      logoUrl\n      brandColor\n      memberCount\n      viewerRole\n      visibility\n    }\n  }\n": types.MyCommunitiesDocument,
    "\n  query Community($id: ID!) {\n    community(id: $id) {\n      id\n      name\n      slug\n      description\n      logoUrl\n      memberCount\n      viewerRole\n      visibility\n      joinPolicy\n      timeZone\n      currency\n      createdAt\n      brandColor\n      coverUrl\n      viewerCanEdit\n      viewerCanDelete\n    }\n  }\n": types.CommunityDocument,
    "\n  query SlugAvailability($slug: String!) {\n    slugAvailability(slug: $slug) {\n      slug\n      available\n      reason\n    }\n  }\n": types.SlugAvailabilityDocument,
    "\n  mutation CreateCommunity($input: CreateCommunityInput!) {\n    createCommunity(input: $input) {\n      id\n      name\n      slug\n      description\n      logoUrl\n      memberCount\n      viewerRole\n      visibility\n      joinPolicy\n      timeZone\n      currency\n      createdAt\n      brandColor\n      coverUrl\n      viewerCanEdit\n      viewerCanDelete\n    }\n  }\n": types.CreateCommunityDocument,
    "\n  mutation UpdateCommunity($id: ID!, $input: UpdateCommunityInput!) {\n    updateCommunity(id: $id, input: $input) {\n      id\n      name\n      slug\n      description\n      logoUrl\n      memberCount\n      viewerRole\n      visibility\n      joinPolicy\n      timeZone\n      currency\n      createdAt\n      brandColor\n      coverUrl\n      viewerCanEdit\n      viewerCanDelete\n    }\n  }\n": types.UpdateCommunityDocument,
    "\n  mutation DeleteCommunity($id: ID!, $confirmName: String!) {\n    deleteCommunity(id: $id, confirmName: $confirmName)\n  }\n": types.DeleteCommunityDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyCommunities {\n    myCommunities {\n      id\n      name\n      slug\n      description\n      logoUrl\n      brandColor\n      memberCount\n      viewerRole\n      visibility\n    }\n  }\n"): typeof import('./graphql').MyCommunitiesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Community($id: ID!) {\n    community(id: $id) {\n      id\n      name\n      slug\n      description\n      logoUrl\n      memberCount\n      viewerRole\n      visibility\n      joinPolicy\n      timeZone\n      currency\n      createdAt\n      brandColor\n      coverUrl\n      viewerCanEdit\n      viewerCanDelete\n    }\n  }\n"): typeof import('./graphql').CommunityDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SlugAvailability($slug: String!) {\n    slugAvailability(slug: $slug) {\n      slug\n      available\n      reason\n    }\n  }\n"): typeof import('./graphql').SlugAvailabilityDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateCommunity($input: CreateCommunityInput!) {\n    createCommunity(input: $input) {\n      id\n      name\n      slug\n      description\n      logoUrl\n      memberCount\n      viewerRole\n      visibility\n      joinPolicy\n      timeZone\n      currency\n      createdAt\n      brandColor\n      coverUrl\n      viewerCanEdit\n      viewerCanDelete\n    }\n  }\n"): typeof import('./graphql').CreateCommunityDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateCommunity($id: ID!, $input: UpdateCommunityInput!) {\n    updateCommunity(id: $id, input: $input) {\n      id\n      name\n      slug\n      description\n      logoUrl\n      memberCount\n      viewerRole\n      visibility\n      joinPolicy\n      timeZone\n      currency\n      createdAt\n      brandColor\n      coverUrl\n      viewerCanEdit\n      viewerCanDelete\n    }\n  }\n"): typeof import('./graphql').UpdateCommunityDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteCommunity($id: ID!, $confirmName: String!) {\n    deleteCommunity(id: $id, confirmName: $confirmName)\n  }\n"): typeof import('./graphql').DeleteCommunityDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
