import type { ComponentProps } from "react";
import { cn } from "#client/lib/cn.ts";

const base =
  "inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0";

const variants = {
  default: "bg-primary text-primary-foreground shadow-sm hover:bg-primary/90",
  secondary: "bg-secondary text-secondary-foreground hover:bg-secondary/80",
  outline: "border border-input bg-background hover:bg-accent hover:text-accent-foreground",
  ghost: "hover:bg-accent hover:text-accent-foreground",
  destructive: "bg-destructive text-destructive-foreground hover:bg-destructive/90",
  link: "text-primary underline-offset-4 hover:underline",
};

const sizes = {
  default: "h-9 px-4 py-2",
  sm: "h-8 px-3 text-xs",
  lg: "h-10 px-6",
  icon: "size-9",
  none: "",
};

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;
type VariantProps = { variant?: ButtonVariant; size?: ButtonSize };

/** Plain maps instead of class-variance-authority keep this file light on the /login path. */
export function buttonVariants({ variant = "default", size = "default" }: VariantProps = {}): string {
  return `${base} ${variants[variant]} ${sizes[size]}`;
}

export type ButtonProps = ComponentProps<"button"> & VariantProps;

/** Links styled as buttons use buttonVariants on the Link itself; size "none" lets a caller size it. */
export function Button({ className, variant, size, type, ...props }: ButtonProps) {
  return (
    <button type={type ?? "button"} className={cn(buttonVariants({ variant, size }), className)} {...props} />
  );
}
