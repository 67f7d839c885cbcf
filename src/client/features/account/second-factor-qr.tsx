import { Suspense, use } from "react";

const images = new Map<string, Promise<string>>();

/** One promise per address, so `use()` sees the same promise on every render; qrcode loads on first use. */
function qrSvg(uri: string): Promise<string> {
  let image = images.get(uri);
  if (!image) {
    image = import("qrcode").then(async (qrcode) => {
      const svg = await qrcode.toString(uri, {
        type: "svg",
        errorCorrectionLevel: "M",
        margin: 1,
        color: { dark: "#111827", light: "#ffffff" },
      });
      return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
    });
    image.catch(() => images.delete(uri));
    images.set(uri, image);
  }
  return image;
}

function QrImage({ uri, size }: { uri: string; size: number }) {
  const src = use(qrSvg(uri));
  return (
    <img
      src={src}
      width={size}
      height={size}
      alt="QR code to scan with your authenticator app"
      className="block size-full"
    />
  );
}

/** Dark modules on a white tile in both themes: apps need the contrast to scan it. */
export function SecondFactorQr({ uri, size = 176 }: { uri: string; size?: number }) {
  return (
    <div className="w-fit rounded-xl bg-white p-2 shadow-xs ring-1 ring-black/5">
      <div style={{ width: size, height: size }}>
        <Suspense
          fallback={<div className="size-full animate-pulse rounded-md bg-neutral-200" aria-hidden="true" />}
        >
          <QrImage uri={uri} size={size} />
        </Suspense>
      </div>
    </div>
  );
}
