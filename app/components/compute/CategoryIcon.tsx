/**
 * Line icons of the twelve computation categories (the Icon names the API gives them), inline SVG on a
 * 24-unit grid in the current colour. An unknown name gets a generic cube.
 */
const ICONS: Record<string, React.ReactNode> = {
  atom: (
    <>
      <circle cx="12" cy="12" r="1.6" />
      <ellipse cx="12" cy="12" rx="9" ry="3.6" />
      <ellipse cx="12" cy="12" rx="9" ry="3.6" transform="rotate(60 12 12)" />
      <ellipse cx="12" cy="12" rx="9" ry="3.6" transform="rotate(120 12 12)" />
    </>
  ),
  "phase-diagram": (
    <>
      <path d="M4 4v16h16" />
      <path d="M4 8c4 0 6 2 8 6s4 5 8 5" />
      <path d="M4 14c3-1 5-4 7-4s4 2 9-1" />
    </>
  ),
  diffusion: (
    <>
      <circle cx="6" cy="12" r="2" />
      <circle cx="11" cy="8" r="1.4" />
      <circle cx="11.5" cy="15.5" r="1.4" />
      <circle cx="16" cy="11" r="1" />
      <circle cx="19" cy="7" r=".8" />
      <circle cx="19.5" cy="15" r=".8" />
    </>
  ),
  precipitate: (
    <>
      <rect x="3.5" y="3.5" width="17" height="17" rx="2" />
      <circle cx="8.5" cy="9" r="2" />
      <circle cx="15.5" cy="8" r="1.2" />
      <circle cx="14" cy="15" r="2.6" />
      <circle cx="7.5" cy="16" r="1" />
    </>
  ),
  multiphase: (
    <>
      <path d="M3.5 3.5h17v17h-17z" />
      <path d="M3.5 11c3 .5 4-2.5 7-2s3 4 6 3.5 3-2 4-2M10.5 20.5c0-3 2-5 1-8M3.5 16c2 0 4 1 7 .5" />
    </>
  ),
  mesh: (
    <>
      <path d="M4 20 8 4l12 4-4 12z" />
      <path d="M8 4l8 16M4 20 20 8M6 12l12 2M14 6l-6 14" />
    </>
  ),
  fluid: (
    <>
      <path d="M3 8c3-2 6 2 9 0s6-2 9 0" />
      <path d="M3 13c3-2 6 2 9 0s6-2 9 0" />
      <path d="M3 18c3-2 6 2 9 0s6-2 9 0" />
    </>
  ),
  coupling: (
    <>
      <circle cx="8" cy="12" r="4.5" />
      <circle cx="16" cy="12" r="4.5" />
    </>
  ),
  database: (
    <>
      <ellipse cx="12" cy="6" rx="7" ry="2.5" />
      <path d="M5 6v12c0 1.4 3.1 2.5 7 2.5s7-1.1 7-2.5V6M5 12c0 1.4 3.1 2.5 7 2.5s7-1.1 7-2.5" />
    </>
  ),
  flag: <path d="M5.5 21V4M5.5 4.5h11l-2 4 2 4h-11" />,
  more: (
    <>
      <rect x="4" y="4" width="7" height="7" rx="1.5" />
      <rect x="13" y="4" width="7" height="7" rx="1.5" />
      <rect x="4" y="13" width="7" height="7" rx="1.5" />
      <rect x="13" y="13" width="7" height="7" rx="1.5" />
    </>
  ),
  cad: (
    <>
      <path d="M12 3 20 7.5v9L12 21l-8-4.5v-9z" />
      <path d="M4 7.5 12 12l8-4.5M12 12v9" />
    </>
  ),
};

export function CategoryIcon({ name, size = 28 }: { name: string; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {ICONS[name] ?? ICONS.cad}
    </svg>
  );
}
