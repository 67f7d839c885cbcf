/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type CommunityRole =
  | 'ADMIN'
  | 'MEMBER'
  | 'ORGANIZER'
  | 'OWNER';

export type CommunityVisibility =
  | 'PRIVATE'
  | 'PUBLIC';

export type CreateCommunityInput = {
  currency: string;
  description?: string | null | undefined;
  joinPolicy: JoinPolicy;
  name: string;
  slug: string;
  timeZone: string;
  visibility: CommunityVisibility;
};

export type JoinPolicy =
  | 'APPROVAL'
  | 'INVITE'
  | 'OPEN';

export type MyCommunitiesQueryVariables = Exact<{ [key: string]: never; }>;


export type MyCommunitiesQuery = { myCommunities: Array<{ id: string, name: string, slug: string, description: string, logoUrl: string | null, memberCount: number, viewerRole: CommunityRole, visibility: CommunityVisibility }> };

export type CommunityQueryVariables = Exact<{
  id: string | number;
}>;


export type CommunityQuery = { community: { id: string, name: string, slug: string, description: string, logoUrl: string | null, memberCount: number, viewerRole: CommunityRole, visibility: CommunityVisibility, joinPolicy: JoinPolicy, timeZone: string, currency: string, createdAt: string } };

export type SlugAvailabilityQueryVariables = Exact<{
  slug: string;
}>;


export type SlugAvailabilityQuery = { slugAvailability: { slug: string, available: boolean, reason: string | null } };

export type CreateCommunityMutationVariables = Exact<{
  input: CreateCommunityInput;
}>;


export type CreateCommunityMutation = { createCommunity: { id: string, name: string, slug: string, description: string, logoUrl: string | null, memberCount: number, viewerRole: CommunityRole, visibility: CommunityVisibility, joinPolicy: JoinPolicy, timeZone: string, currency: string, createdAt: string } };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}

export const MyCommunitiesDocument = new TypedDocumentString(`
    query MyCommunities {
  myCommunities {
    id
    name
    slug
    description
    logoUrl
    memberCount
    viewerRole
    visibility
  }
}
    `) as unknown as TypedDocumentString<MyCommunitiesQuery, MyCommunitiesQueryVariables>;
export const CommunityDocument = new TypedDocumentString(`
    query Community($id: ID!) {
  community(id: $id) {
    id
    name
    slug
    description
    logoUrl
    memberCount
    viewerRole
    visibility
    joinPolicy
    timeZone
    currency
    createdAt
  }
}
    `) as unknown as TypedDocumentString<CommunityQuery, CommunityQueryVariables>;
export const SlugAvailabilityDocument = new TypedDocumentString(`
    query SlugAvailability($slug: String!) {
  slugAvailability(slug: $slug) {
    slug
    available
    reason
  }
}
    `) as unknown as TypedDocumentString<SlugAvailabilityQuery, SlugAvailabilityQueryVariables>;
export const CreateCommunityDocument = new TypedDocumentString(`
    mutation CreateCommunity($input: CreateCommunityInput!) {
  createCommunity(input: $input) {
    id
    name
    slug
    description
    logoUrl
    memberCount
    viewerRole
    visibility
    joinPolicy
    timeZone
    currency
    createdAt
  }
}
    `) as unknown as TypedDocumentString<CreateCommunityMutation, CreateCommunityMutationVariables>;