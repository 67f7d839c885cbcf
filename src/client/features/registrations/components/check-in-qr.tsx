import { Suspense, use } from "react";
import { cn } from "#client/lib/cn.ts";

const images = new Map<string, Promise<string>>();

/** One promise per code, so `use()` sees the same promise on every render; qrcode loads on first use. */
function qrImage(code: string): Promise<string> {
  let image = images.get(code);
  if (!image) {
    image = import("qrcode").then((qrcode) =>
      qrcode.toDataURL(code, {
        errorCorrectionLevel: "M",
        margin: 1,
        width: 480,
        color: { dark: "#111827", light: "#ffffff" },
      }),
    );
    image.catch(() => images.delete(code));
    images.set(code, image);
  }
  return image;
}

function QrImage({ code, size }: { code: string; size: number }) {
  const src = use(qrImage(code));
  return (
    <img
      src={src}
      width={size}
      height={size}
      alt={`Check-in QR code for ${code}`}
      className="block size-full [image-rendering:pixelated]"
    />
  );
}

/**
 * Dark modules on a white tile in both themes: scanners need the contrast. The code is printed
 * below for manual entry at the door.
 */
export function CheckInQr({
  code,
  size = 192,
  className,
}: {
  code: string;
  size?: number;
  className?: string;
}) {
  return (
    <figure className={cn("grid justify-items-center gap-2", className)}>
      <div className="rounded-xl bg-white p-2 shadow-xs ring-1 ring-black/5" style={{ width: size + 16 }}>
        <div style={{ width: size, height: size }}>
          <Suspense
            fallback={
              <div className="size-full animate-pulse rounded-md bg-neutral-200" aria-hidden="true" />
            }
          >
            <QrImage code={code} size={size} />
          </Suspense>
        </div>
      </div>
      <figcaption className="grid justify-items-center text-xs text-muted-foreground">
        <span>Check-in code</span>
        <span className="font-mono text-base font-semibold tracking-[0.2em] text-foreground select-all">
          {code}
        </span>
      </figcaption>
    </figure>
  );
}
