import type { ReactNode } from "react";

const tones = {
  primary: "bg-primary/12 text-primary",
  success: "bg-success/15 text-success",
};

/** An icon in a round badge beside a title and a line of detail (and any further lines). */
export function StatusHeading({
  icon,
  title,
  detail,
  tone = "primary",
  children,
}: {
  icon: ReactNode;
  title: string;
  detail: ReactNode;
  tone?: keyof typeof tones;
  children?: ReactNode;
}) {
  return (
    <div className="flex items-start gap-3">
      <span
        className={`mt-0.5 grid size-9 shrink-0 place-items-center rounded-full ${tones[tone]} [&_svg]:size-5`}
      >
        {icon}
      </span>
      <div className="grid gap-0.5">
        <h3 className="text-lg leading-tight font-semibold">{title}</h3>
        <p className="text-sm text-muted-foreground">{detail}</p>
        {children}
      </div>
    </div>
  );
}
