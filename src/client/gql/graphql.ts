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

export type UpdateCommunityInput = {
  /** #rrggbb; empty or null removes it */
  brandColor?: string | null | undefined;
  /** Path in community-assets; empty removes the cover */
  coverPath?: string | null | undefined;
  currency?: string | null | undefined;
  description?: string | null | undefined;
  joinPolicy?: JoinPolicy | null | undefined;
  /** Path in community-assets; empty removes the logo */
  logoPath?: string | null | undefined;
  name?: string | null | undefined;
  slug?: string | null | undefined;
  timeZone?: string | null | undefined;
  visibility?: CommunityVisibility | null | undefined;
};

export type MyCommunitiesQueryVariables = Exact<{ [key: string]: never; }>;


export type MyCommunitiesQuery = { myCommunities: Array<{ id: string, name: string, slug: string, description: string, logoUrl: string | null, brandColor: string | null, memberCount: number, viewerRole: CommunityRole, visibility: CommunityVisibility }> };

export type CommunityQueryVariables = Exact<{
  id: string | number;
}>;


export type CommunityQuery = { community: { id: string, name: string, slug: string, description: string, logoUrl: string | null, memberCount: number, viewerRole: CommunityRole, visibility: CommunityVisibility, joinPolicy: JoinPolicy, timeZone: string, currency: string, createdAt: string, brandColor: string | null, coverUrl: string | null, viewerCanEdit: boolean, viewerCanDelete: boolean } };

export type SlugAvailabilityQueryVariables = Exact<{
  slug: string;
}>;


export type SlugAvailabilityQuery = { slugAvailability: { slug: string, available: boolean, reason: string | null } };

export type CreateCommunityMutationVariables = Exact<{
  input: CreateCommunityInput;
}>;


export type CreateCommunityMutation = { createCommunity: { id: string, name: string, slug: string, description: string, logoUrl: string | null, memberCount: number, viewerRole: CommunityRole, visibility: CommunityVisibility, joinPolicy: JoinPolicy, timeZone: string, currency: string, createdAt: string, brandColor: string | null, coverUrl: string | null, viewerCanEdit: boolean, viewerCanDelete: boolean } };

export type UpdateCommunityMutationVariables = Exact<{
  id: string | number;
  input: UpdateCommunityInput;
}>;


export type UpdateCommunityMutation = { updateCommunity: { id: string, name: string, slug: string, description: string, logoUrl: string | null, memberCount: number, viewerRole: CommunityRole, visibility: CommunityVisibility, joinPolicy: JoinPolicy, timeZone: string, currency: string, createdAt: string, brandColor: string | null, coverUrl: string | null, viewerCanEdit: boolean, viewerCanDelete: boolean } };

export type DeleteCommunityMutationVariables = Exact<{
  id: string | number;
  confirmName: string;
}>;


export type DeleteCommunityMutation = { deleteCommunity: boolean };

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
    brandColor
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
    brandColor
    coverUrl
    viewerCanEdit
    viewerCanDelete
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
    brandColor
    coverUrl
    viewerCanEdit
    viewerCanDelete
  }
}
    `) as unknown as TypedDocumentString<CreateCommunityMutation, CreateCommunityMutationVariables>;
export const UpdateCommunityDocument = new TypedDocumentString(`
    mutation UpdateCommunity($id: ID!, $input: UpdateCommunityInput!) {
  updateCommunity(id: $id, input: $input) {
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
    brandColor
    coverUrl
    viewerCanEdit
    viewerCanDelete
  }
}
    `) as unknown as TypedDocumentString<UpdateCommunityMutation, UpdateCommunityMutationVariables>;
export const DeleteCommunityDocument = new TypedDocumentString(`
    mutation DeleteCommunity($id: ID!, $confirmName: String!) {
  deleteCommunity(id: $id, confirmName: $confirmName)
}
    `) as unknown as TypedDocumentString<DeleteCommunityMutation, DeleteCommunityMutationVariables>;