import { useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { LayoutGridIcon, LogOutIcon, UserRoundIcon } from "lucide-react";
import { ThemeRadioItems } from "#client/components/theme/theme-menu.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "#client/components/ui/dropdown-menu.tsx";
import { InitialsAvatar } from "#client/components/ui/initials-avatar.tsx";
import { useAuth } from "#client/features/auth/auth-context.tsx";
import { cn } from "#client/lib/cn.ts";
import { notify } from "#client/lib/notify.ts";
import { shownEmail } from "#shared/phone.ts";

export function UserMenu({ showName = false, className }: { showName?: boolean; className?: string }) {
  const { user, signOut } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  if (!user) return null;

  async function handleSignOut() {
    try {
      await signOut();
    } catch {
      notify("error", "We couldn't reach the server, but you're signed out on this device.");
    }
    queryClient.clear();
    await navigate({ to: "/login", replace: true });
  }

  // Someone who signed up by phone has no email to show (src/shared/phone.ts).
  const contact = shownEmail(user.email) || user.phoneNumber || "";
  const displayName = user.name || contact;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className={cn(
          "flex items-center gap-2 rounded-md transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring data-[state=open]:bg-accent",
          showName ? "w-full p-2 text-left" : "p-1.5",
          className,
        )}
        aria-label={`Account menu for ${displayName}`}
      >
        <InitialsAvatar name={displayName} seed={user.id} size="sm" imageUrl={user.image} />
        {showName ? (
          <span className="grid min-w-0 leading-tight">
            <span className="line-clamp-1 text-sm font-medium">{displayName}</span>
            <span className="line-clamp-1 text-xs text-muted-foreground">{contact}</span>
          </span>
        ) : null}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <div className="grid px-2 py-1.5">
          <span className="line-clamp-1 text-sm font-medium">{displayName}</span>
          <span className="line-clamp-1 text-xs text-muted-foreground">{contact}</span>
        </div>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/me">
            <UserRoundIcon aria-hidden="true" /> Your profile
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/community-selection">
            <LayoutGridIcon aria-hidden="true" /> All communities
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuLabel>Theme</DropdownMenuLabel>
        <ThemeRadioItems />
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={handleSignOut}>
          <LogOutIcon aria-hidden="true" /> Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
