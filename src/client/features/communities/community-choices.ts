export const JOIN_POLICIES = [
  { value: "OPEN", label: "Open", hint: "Anyone can join right away." },
  { value: "APPROVAL", label: "Approval", hint: "People ask to join and an admin approves them." },
  { value: "INVITE", label: "Invite only", hint: "Only people you invite can join." },
] as const;

export const VISIBILITIES = [
  { value: "PUBLIC", label: "Public", hint: "Anyone can find the community and see its page." },
  { value: "PRIVATE", label: "Private", hint: "Only members can see the community." },
] as const;
