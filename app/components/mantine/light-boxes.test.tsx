import { Link, MemoryRouter } from "react-router-dom";
import {
  Alert as MantineAlert,
  Anchor as MantineAnchor,
  Badge as MantineBadge,
  Button as MantineButton,
  Group as MantineGroup,
  MantineProvider,
  Paper as MantinePaper,
  Stack as MantineStack,
  Text as MantineText,
  Title as MantineTitle,
} from "@mantine/core";
import fs from "node:fs";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { theme } from "~/theme";
import { Alert } from "./Alert";
import { Anchor } from "./Anchor";
import { Badge } from "./Badge";
import { Button } from "./Button";
import { Group } from "./Group";
import { Paper } from "./Paper";
import { Stack } from "./Stack";
import { Text } from "./Text";
import { Title } from "./Title";

/**
 * The light layout components render what Mantine's render (box.ts), for the props the pages pass, so Mantine's
 * stylesheet draws them the same. The one difference is a responsive padding: Mantine writes a <style> element
 * with a generated class, these two classes of app.css, checked below to hold the same rules.
 */
const markup = (node: ReactNode) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <MantineProvider theme={theme}>{node}</MantineProvider>
    </MemoryRouter>,
  ).replace(/<style data-mantine-styles="(true|classes)">[\s\S]*?<\/style>/g, "");

type Case = Record<string, unknown>;
const cases: Array<[string, (p: Case) => ReactNode, (p: Case) => ReactNode, Case[]]> = [
  [
    "Stack",
    (p) => <Stack {...p}>a</Stack>,
    (p) => <MantineStack {...p}>a</MantineStack>,
    [
      {},
      { gap: "md", "data-testid": "s" },
      { gap: "sm", mt: "xs", maw: 640, mx: "auto", align: "center", justify: "center", mih: "60vh", className: "k" },
      { gap: 2, mt: 24 },
      { gap: "xl", p: "xl", id: "x" },
    ],
  ],
  [
    "Group",
    (p) => (
      <Group {...p}>
        <b>1</b>
        {false}
        <b>2</b>
      </Group>
    ),
    (p) => (
      <MantineGroup {...p}>
        <b>1</b>
        {false}
        <b>2</b>
      </MantineGroup>
    ),
    [
      {},
      { gap: "xs", justify: "flex-end", mt: 6, wrap: "nowrap", align: "flex-start", mb: "md", className: "k" },
      { grow: true },
      { grow: true, preventGrowOverflow: false, gap: 6 },
      { justify: "space-between", gap: "lg" },
    ],
  ],
  [
    "Paper",
    (p) => <Paper {...p}>a</Paper>,
    (p) => <MantinePaper {...p}>a</MantinePaper>,
    [
      {},
      { withBorder: true, radius: "md", p: "md", maw: 760 },
      { withBorder: true, radius: "md", p: "md", component: "section", "aria-labelledby": "x", className: "k", style: { overflow: "auto" } },
      { component: "fieldset", role: "alertdialog", "aria-busy": true },
    ],
  ],
  [
    "Text",
    (p) => <Text {...p}>a</Text>,
    (p) => <MantineText {...p}>a</MantineText>,
    [
      {},
      { size: "sm", c: "dimmed", fw: 600, mb: "sm", ta: "center", mt: 4 },
      { span: true, size: "xs", c: "red", ml: "sm", maw: 300, className: "k" },
      { size: "lg", role: "alert", "aria-live": "polite", id: "t", style: { whiteSpace: "pre-wrap" } },
      { c: "steel.7", fw: 400, mb: 4 },
    ],
  ],
  [
    "Title",
    (p) => <Title {...p}>a</Title>,
    (p) => <MantineTitle {...p}>a</MantineTitle>,
    [
      {},
      { order: 2, size: "h4", mb: "sm", id: "t" },
      { order: 3, component: "legend", c: "steel.7" },
      { order: 1 },
      { order: 2, size: "h3", mb: "xs", className: "k", "data-testid": "t", style: { margin: 0 } },
      { order: 3, size: "h5", component: "span" },
    ],
  ],
  [
    "Button",
    (p) => <Button {...p}>a</Button>,
    (p) => <MantineButton {...p}>a</MantineButton>,
    [
      {},
      { type: "submit", variant: "light", size: "xs", "data-testid": "b", name: "intent", value: "save" },
      { type: "submit", variant: "default", size: "compact-sm", color: "red", loading: true },
      { variant: "subtle", component: "a", href: "/x", fullWidth: true, download: "f.csv" },
      { color: "orange", disabled: true, w: 116, className: "k" },
      { variant: "filled", size: "md", loading: false, formNoValidate: true, type: "submit" },
      { component: Link, to: "/y?a=1", variant: "default", size: "compact-md", preventScrollReset: true, replace: true },
      { component: "a", href: "/z", target: "_blank", rel: "noopener", color: "green", variant: "outline", size: "compact-xs" },
      { variant: "light", color: "red", "aria-label": "x", onClick: () => {} },
    ],
  ],
  [
    "Anchor",
    (p) => <Anchor {...p}>a</Anchor>,
    (p) => <MantineAnchor {...p}>a</MantineAnchor>,
    [
      { href: "/x", size: "sm" },
      { href: "/x", c: "white", ta: "center", mt: "xs", display: "inline-block", className: "k", mr: "md" },
      { component: Link, to: "/x", size: "xs", "data-testid": "a", reloadDocument: true },
      { href: "/f", download: true },
    ],
  ],
  [
    "Badge",
    (p) => <Badge {...p}>a</Badge>,
    (p) => <MantineBadge {...p}>a</MantineBadge>,
    [{}, { variant: "light", color: "green", size: "sm", "data-testid": "b" }, { variant: "light", color: "grape", radius: "sm", "data-state": "x" }, { color: "gray", className: "k" }],
  ],
  [
    "Alert",
    (p) => <Alert {...p} />,
    (p) => <MantineAlert {...p} />,
    [
      { color: "red", variant: "light", role: "alert", "data-testid": "x", children: "a" },
      { color: "orange", variant: "light", title: "T", mb: "sm", w: "100%", children: "a" },
      { children: "a" },
      { color: "gray", variant: "light", role: "status", title: "Only a title", p: "xs", mt: 6, className: "k", style: { whiteSpace: "pre-line" } },
      { color: "blue", variant: "light", id: "given", children: <b>x</b> },
    ],
  ],
];

describe.each(cases)("%s", (_name, light, mantine, props) => {
  it.each(props.map((p, i) => [`${i + 1}: ${Object.keys(p).join(", ") || "no props"}`, p] as const))("renders what Mantine's renders, case %s", (_case, p) => {
    expect(markup(light(p))).toBe(markup(mantine(p)));
  });
});

describe("responsive padding", () => {
  const css = fs.readFileSync("app/styles/app.css", "utf8").replace(/\s+/g, " ");
  it.each([
    ["Stack", { base: "sm", sm: "lg" }],
    ["Paper", { base: "md", sm: "xl" }],
  ] as const)("%s draws Mantine's two padding rules as app.css classes", (name, p) => {
    const Light = name === "Stack" ? Stack : Paper;
    const Mantine = name === "Stack" ? MantineStack : MantinePaper;
    const theirs = markup(<Mantine p={p}>a</Mantine>);
    const ours = markup(<Light p={p}>a</Light>);
    // Mantine: .__m__-R1{padding:var(--mantine-spacing-sm);}@media(min-width: 48em){.__m__-R1{padding:var(--mantine-spacing-lg);}}
    const rules = /<style data-mantine-styles="inline">\.(__m__-\w+)\{padding:(var\([^)]+\));\}@media\(min-width: 48em\)\{\.\1\{padding:(var\([^)]+\));\}\}<\/style>/.exec(theirs)!;
    expect(rules).not.toBeNull();
    expect(ours).toBe(theirs.replace(rules[0], "").replace(` ${rules[1]}`, ` fe-p-${p.base} fe-sm-p-${p.sm}`));
    expect(css).toContain(`.fe-p-${p.base} { padding: ${rules[2]}; }`);
    const wide = /@media \(min-width: 48em\) \{((?: [^{}]+ \{[^}]*\})+) \}/.exec(css)?.[1] ?? "";
    expect(wide).toContain(`.fe-sm-p-${p.sm} { padding: ${rules[3]}; }`);
  });
});
