import { MantineProvider, Textarea as MantineTextarea } from "@mantine/core";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Textarea } from "./Textarea.tsx";

const markup = (node: ReactNode) => renderToStaticMarkup(<MantineProvider>{node}</MantineProvider>).replace(/<style[\s\S]*?<\/style>/g, "");

describe("Textarea", () => {
  const cases = [
    { label: "内容", name: "content", rows: 6, required: true },
    { label: "Reply", name: "reply", error: "Too long", defaultValue: "x", description: "At most 500 characters" },
    { name: "plain", placeholder: "…", resize: "vertical" as const, id: "t1" },
  ];
  for (const props of cases) {
    it(`renders what Mantine's Textarea renders (${props.name}), so its styles and label wiring apply`, () => {
      expect(markup(<Textarea {...props} />)).toBe(markup(<MantineTextarea {...props} />));
    });
  }
});
