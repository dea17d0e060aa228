import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { sampleCodeFrom } from "~/lib/detection";

/** The part of the Barcode Detection API the scanner uses (not yet in TypeScript's DOM types). */
interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type DetectorClass = new (opts: { formats: string[] }) => Detector;

/**
 * "Scan" beside the sample-ID field, where the browser can: the Barcode Detection API (Chrome on Android and
 * desktop) reading the label's QR code or Code 128 from the camera. The first ID read fills the field and
 * submits the lookup. Without the API, without a camera or without JavaScript nothing is shown: the field
 * takes a typed ID, or a handheld scanner's (which types it).
 */
export function SampleScanner({ inputName, formId }: { inputName: string; formId: string }) {
  const { t } = useTranslation("detection");
  const [available, setAvailable] = useState(false);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState("");
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const w = window as unknown as { BarcodeDetector?: DetectorClass };
    setAvailable(Boolean(w.BarcodeDetector && navigator.mediaDevices?.getUserMedia));
  }, []);

  useEffect(() => {
    if (!open) return;
    let stream: MediaStream | null = null;
    let stopped = false;
    const Detector = (window as unknown as { BarcodeDetector: DetectorClass }).BarcodeDetector;
    const detector = new Detector({ formats: ["qr_code", "code_128"] });
    const run = async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        while (!stopped) {
          const found = await detector.detect(video.current).catch(() => []);
          const code = found.map((f) => sampleCodeFrom(f.rawValue)).find(Boolean);
          if (code) {
            const form = document.getElementById(formId) as HTMLFormElement | null;
            const input = form?.elements.namedItem(inputName) as HTMLInputElement | null;
            if (form && input) {
              input.value = code;
              form.requestSubmit();
            }
            setOpen(false);
            return;
          }
          await new Promise((r) => requestAnimationFrame(r));
        }
      } catch {
        setError(t("scan.noCamera"));
        setOpen(false);
      }
    };
    void run();
    return () => {
      stopped = true;
      stream?.getTracks().forEach((tr) => tr.stop());
    };
  }, [open, formId, inputName, t]);

  if (!available) return null;
  return (
    <div className="dt-scan">
      <button type="button" className="dt-scan-button" onClick={() => (setError(""), setOpen((o) => !o))} data-testid="sample-scan">
        {open ? t("scan.stop") : t("scan.start")}
      </button>
      {open ? <video ref={video} className="dt-scan-video" muted playsInline aria-label={t("scan.video")} /> : null}
      {error ? (
        <p className="dt-scan-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
