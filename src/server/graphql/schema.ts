import { builder } from "./builder.ts";
import "#server/modules/users/users.graphql.ts";
import "#server/modules/communities/communities.graphql.ts";
import "#server/modules/events/events.graphql.ts";
import "#server/modules/members/members-table.graphql.ts";
import "#server/modules/members/member-stats.graphql.ts";
import "#server/modules/members/announcements.graphql.ts";
import "#server/modules/notifications/announcement-deliveries.graphql.ts";
import "#server/modules/registrations/guest.graphql.ts";
import "#server/modules/registrations/registrations.graphql.ts";
import "#server/modules/membership/membership.graphql.ts";
import "#server/modules/membership/member-detail.graphql.ts";
import "#server/modules/membership/my-join-requests.graphql.ts";
import "#server/modules/membership/bulk-roles.graphql.ts";
import "#server/modules/membership/member-directory.graphql.ts";
import "#server/modules/membership/member-import.graphql.ts";

export const schema = builder.toSchema({ sortSchema: true });
