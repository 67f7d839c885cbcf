import { builder } from "#server/graphql/builder.ts";
import { CommunityRole } from "#server/modules/communities/communities.graphql.ts";
import {
  type MemberImportRejection,
  type MemberImportRow,
  memberImportById,
  memberImports,
  rejectedRows,
  startMemberImport,
} from "./member-import.service.ts";
import { REJECT_REASONS } from "./member-import.tables.ts";

const MemberImportStatus = builder.enumType("MemberImportStatus", {
  values: {
    QUEUED: { value: "queued" },
    RUNNING: { value: "running" },
    DONE: { value: "done" },
    FAILED: { value: "failed" },
  } as const,
});

const MemberImportMode = builder.enumType("MemberImportMode", {
  values: {
    INVITE: { value: "invite", description: "Send each person an invitation by email" },
    ADD: { value: "add", description: "Make each person a member without a mail" },
  } as const,
});

const MemberImportRejectReason = builder.enumType("MemberImportRejectReason", {
  values: REJECT_REASONS,
});

const MemberImportRejectionRef = builder.objectRef<MemberImportRejection>("MemberImportRejection").implement({
  description: "A row of the file that was not imported",
  fields: (t) => ({
    line: t.exposeInt("line", { description: "Line in the file; the header is line 1" }),
    email: t.exposeString("email", { description: "The address as the file has it" }),
    reason: t.expose("reason", { type: MemberImportRejectReason }),
  }),
});

const MemberImport = builder.objectRef<MemberImportRow>("MemberImport").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    communityId: t.exposeID("communityId"),
    status: t.expose("status", { type: MemberImportStatus }),
    mode: t.expose("mode", { type: MemberImportMode }),
    role: t.expose("role", { type: CommunityRole }),
    tags: t.exposeStringList("tags"),
    totalRows: t.int({
      nullable: true,
      description: "Data rows in the file; null until the import has read it",
      resolve: (i) => i.totalRows,
    }),
    rowsDone: t.int({ resolve: (i) => i.nextRecord }),
    added: t.exposeInt("added"),
    invited: t.exposeInt("invited"),
    skipped: t.exposeInt("skipped", {
      description: "Already members (or already invited): left as they are",
    }),
    rejected: t.exposeInt("rejected"),
    error: t.string({ nullable: true, resolve: (i) => i.error }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    finishedAt: t.expose("finishedAt", { type: "DateTime", nullable: true }),
    rejectedRows: t.field({
      type: [MemberImportRejectionRef],
      description: "Rejected rows in file order; all of them are in the report CSV",
      args: {
        first: t.arg.int({ required: false, defaultValue: 100 }),
        afterLine: t.arg.int({ required: false, defaultValue: 0 }),
      },
      resolve: (i, args, ctx) =>
        rejectedRows(ctx, i.id, Math.min(Math.max(args.first ?? 100, 0), 1_000), args.afterLine ?? 0),
    }),
    reportUrl: t.string({
      resolve: (i) => `/api/communities/${i.communityId}/member-imports/${i.id}/report.csv`,
    }),
  }),
});

const MemberImportInput = builder.inputType("MemberImportInput", {
  fields: (t) => ({
    filePath: t.string({ required: true, description: "The file's path in the member-imports bucket" }),
    emailColumn: t.int({ required: true, description: "0-based column of the email addresses" }),
    nameColumn: t.int({ required: false }),
    tagsColumn: t.int({ required: false, description: "Tags per row, separated by ; or ," }),
    tags: t.stringList({ required: false, defaultValue: [], description: "Tags for everyone imported" }),
    role: t.field({ type: CommunityRole, required: true }),
    mode: t.field({ type: MemberImportMode, required: true }),
  }),
});

builder.queryFields((t) => ({
  memberImport: t.field({
    type: MemberImport,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => memberImportById(ctx, String(args.id)),
  }),
  memberImports: t.field({
    type: [MemberImport],
    description: "The community's latest imports, newest first",
    args: { communityId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => memberImports(ctx, String(args.communityId)),
  }),
}));

builder.mutationFields((t) => ({
  startMemberImport: t.field({
    type: MemberImport,
    args: {
      communityId: t.arg.id({ required: true }),
      input: t.arg({ type: MemberImportInput, required: true }),
    },
    resolve: (_root, { communityId, input }, ctx) =>
      startMemberImport(ctx, String(communityId), {
        filePath: input.filePath,
        mapping: { email: input.emailColumn, name: input.nameColumn ?? null, tags: input.tagsColumn ?? null },
        tags: input.tags ?? [],
        role: input.role,
        mode: input.mode,
      }),
  }),
}));
