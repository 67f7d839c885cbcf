type DetectedBarcode = { rawValue: string };
type BarcodeDetectorInstance = { detect(source: CanvasImageSource): Promise<DetectedBarcode[]> };
type BarcodeDetectorClass = {
  new (options: { formats: string[] }): BarcodeDetectorInstance;
  getSupportedFormats?: () => Promise<string[]>;
};

function hasBarcodeDetector(scope: object): scope is { BarcodeDetector: BarcodeDetectorClass } {
  return "BarcodeDetector" in scope && typeof scope.BarcodeDetector === "function";
}

export type QrDecoder = (video: HTMLVideoElement) => Promise<string | null>;

/** Largest frame side handed to jsQR: enough for a ticket held up to a phone, cheap to scan. */
const MAX_SCAN_SIDE = 720;

/**
 * The browser's BarcodeDetector where it reads QR codes (Chrome on Android, Safari 17+), else
 * jsQR on a canvas, loaded only now so it never weighs on other pages.
 */
export async function createQrDecoder(): Promise<QrDecoder> {
  if (hasBarcodeDetector(window)) {
    try {
      const Detector = window.BarcodeDetector;
      const formats = (await Detector.getSupportedFormats?.()) ?? ["qr_code"];
      if (formats.includes("qr_code")) {
        const detector = new Detector({ formats: ["qr_code"] });
        return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
      }
    } catch {
      // Falls through to jsQR: some browsers expose the class but cannot construct it.
    }
  }
  const { default: jsQR } = await import("jsqr");
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  return async (video) => {
    const { videoWidth, videoHeight } = video;
    if (!context || videoWidth === 0 || videoHeight === 0) return null;
    const scale = Math.min(1, MAX_SCAN_SIDE / Math.max(videoWidth, videoHeight));
    const width = Math.round(videoWidth * scale);
    const height = Math.round(videoHeight * scale);
    canvas.width = width;
    canvas.height = height;
    context.drawImage(video, 0, 0, width, height);
    const image = context.getImageData(0, 0, width, height);
    return jsQR(image.data, width, height, { inversionAttempts: "dontInvert" })?.data ?? null;
  };
}

/** A ticket's QR code holds its check-in code; a link carrying `?code=` is accepted too. */
export function checkInCodeFrom(text: string): string {
  const trimmed = text.trim();
  try {
    const url = new URL(trimmed);
    const code = url.searchParams.get("code");
    if (code) return code;
  } catch {
    // Not a URL: the text is the code itself.
  }
  return trimmed;
}

export type CameraProblem = "denied" | "missing" | "busy" | "insecure" | "unknown";

export function cameraProblem(error: unknown): CameraProblem {
  const name = error instanceof DOMException || error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "PermissionDeniedError") return "denied";
  if (name === "NotFoundError" || name === "OverconstrainedError" || name === "DevicesNotFoundError")
    return "missing";
  if (name === "NotReadableError" || name === "TrackStartError" || name === "AbortError") return "busy";
  if (name === "SecurityError" || name === "TypeError") return "insecure";
  return "unknown";
}

export const CAMERA_PROBLEM_MESSAGE: Record<CameraProblem, string> = {
  denied:
    "Camera access was denied. Allow the camera for this site in your browser's settings, then try again — or type a name or the check-in code below.",
  missing: "No camera was found on this device. Type the check-in code, a name or an email below instead.",
  busy: "The camera is in use by another app. Close it and try again.",
  insecure:
    "The camera needs a secure (https) connection. Type the check-in code, a name or an email below instead.",
  unknown: "The camera couldn't start. Type the check-in code, a name or an email below instead.",
};
