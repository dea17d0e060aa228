import { createTheme } from "~/components/mantine/createTheme";

/** Style type 2, the "material" style: steel blue on light surfaces. */
export const theme = createTheme({
  primaryColor: "steel",
  // Shade 7 (#346caf): white text on filled buttons reaches WCAG AA contrast (shade 6 does not), and it
  // matches the layout's accent.
  primaryShade: { light: 7, dark: 5 },
  colors: {
    steel: ["#eef4fb", "#dbe6f3", "#b3cbe6", "#88aed9", "#6596ce", "#4f87c8", "#437fc6", "#346caf", "#2b609d", "#1b528b"],
  },
  defaultRadius: "sm",
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans CJK SC', 'Noto Sans SC', 'PingFang SC', 'Microsoft YaHei', sans-serif",
  components: { Button: { defaultProps: { size: "sm" } } },
});
