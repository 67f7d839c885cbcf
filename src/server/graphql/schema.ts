import { builder } from "./builder.ts";
import "../modules/users/users.graphql.ts";
import "../modules/communities/communities.graphql.ts";
import "../modules/events/events.graphql.ts";
import "../modules/events/guest.graphql.ts";

export const schema = builder.toSchema({ sortSchema: true });
