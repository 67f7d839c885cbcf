import { CameraOffIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Spinner } from "#client/components/ui/spinner.tsx";
import {
  CAMERA_PROBLEM_MESSAGE,
  type CameraProblem,
  cameraProblem,
  checkInCodeFrom,
  createQrDecoder,
} from "./decode-qr.ts";

/** The same code seen again within this time is the same ticket still in front of the camera. */
const REPEAT_MS = 4000;
const SCAN_INTERVAL_MS = 200;

/**
 * Live camera preview that reports each QR code it reads. The effect owns the camera: it starts
 * on mount (after the "Scan" click) and every track stops on unmount.
 */
export function QrScanner({ paused, onCode }: { paused: boolean; onCode: (code: string) => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<"starting" | "scanning" | CameraProblem>("starting");
  const latest = useRef({ paused, onCode });
  latest.current = { paused, onCode };

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = { code: "", at: 0 };

    async function start() {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new DOMException("No camera API", "SecurityError");
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: "environment" } },
          audio: false,
        });
        const video = videoRef.current;
        if (stopped || !video) return;
        video.srcObject = stream;
        await video.play();
        const decode = await createQrDecoder();
        if (stopped) return;
        setState("scanning");
        const tick = async () => {
          if (stopped) return;
          if (!latest.current.paused) {
            const text = await decode(video).catch(() => null);
            const code = text ? checkInCodeFrom(text) : "";
            const now = Date.now();
            if (code && !stopped && (code !== last.code || now - last.at > REPEAT_MS)) {
              last = { code, at: now };
              latest.current.onCode(code);
            }
          }
          timer = setTimeout(() => void tick(), SCAN_INTERVAL_MS);
        };
        void tick();
      } catch (error) {
        if (!stopped) setState(cameraProblem(error));
      }
    }

    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  if (state !== "starting" && state !== "scanning") {
    return (
      <div
        role="alert"
        className="flex gap-3 rounded-xl border border-destructive/40 bg-destructive/10 p-4 text-sm"
      >
        <CameraOffIcon aria-hidden="true" className="size-5 shrink-0 text-destructive" />
        <p>{CAMERA_PROBLEM_MESSAGE[state]}</p>
      </div>
    );
  }

  return (
    <div className="relative overflow-hidden rounded-xl border bg-black">
      <video
        ref={videoRef}
        muted
        playsInline
        aria-label="Camera preview for scanning QR codes"
        className="aspect-square w-full object-cover sm:aspect-video"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 flex items-center justify-center"
      >
        <div className="size-3/5 max-h-64 max-w-64 rounded-2xl border-4 border-white/80 shadow-[0_0_0_9999px_rgba(0,0,0,0.35)]" />
      </div>
      {state === "starting" ? (
        <div className="absolute inset-0 flex items-center justify-center text-white">
          <Spinner label="Starting camera" className="size-8" />
        </div>
      ) : (
        <p className="absolute inset-x-0 bottom-0 bg-black/60 px-3 py-2 text-center text-sm text-white">
          Point the camera at the ticket's QR code
        </p>
      )}
    </div>
  );
}
